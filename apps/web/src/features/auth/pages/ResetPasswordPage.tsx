import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../api/mutations';
import { isPasswordTooCommon, PASSWORD_TOO_COMMON } from '../../../lib/password-too-common';
import { resetPasswordSchema, type ResetPasswordValues } from '../schemas';

/** The mailed link is `/auth/reset-password?token=...`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema) });

  const onSubmit = ({ password }: ResetPasswordValues) =>
    token &&
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('auth.resetPassword.success') });
          navigate(paths.login);
        },
        onError: (error) => {
          // The link still works: the same form takes a harder password.
          if (isPasswordTooCommon(error)) {
            setError('password', { message: PASSWORD_TOO_COMMON });
          } else if (!isApiError(error, 'invalid_token')) {
            notify({ type: 'error', message: t('errors.generic') });
          }
        },
      },
    );

  const linkInvalid = !token || isApiError(resetPassword.error, 'invalid_token');

  return (
    <Stack>
      <Title order={2}>{t('auth.resetPassword.title')}</Title>
      {linkInvalid ? (
        <>
          <Alert color="red">{t('auth.resetPassword.invalidLink')}</Alert>
          <Anchor component={Link} to={paths.forgotPassword}>
            {t('auth.resetPassword.requestNewLink')}
          </Anchor>
        </>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Stack>
            <PasswordInput
              label={t('fields.newPassword')}
              autoComplete="new-password"
              error={errorText(t, errors.password)}
              {...register('password')}
            />
            <PasswordInput
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              error={errorText(t, errors.confirmPassword)}
              {...register('confirmPassword')}
            />
            <Button type="submit" loading={resetPassword.isPending}>
              {t('auth.resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.login} size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
