import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { retryAfterMinutes } from '../../../lib/errors';
import { errorText } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { useForgotPassword } from '../api/mutations';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../schemas';

/** The server answers 202 whether or not the email is known, so the page says the same. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema) });

  const onSubmit = ({ email }: ForgotPasswordValues) =>
    forgotPassword.mutate(email, {
      onError: (error) =>
        notify({
          type: 'error',
          message: isApiError(error, 'rate_limited')
            ? t('errors.rateLimited', { count: retryAfterMinutes(error) })
            : t('errors.generic'),
        }),
    });

  return (
    <Stack>
      <Title order={2}>{t('auth.forgotPassword.title')}</Title>
      {forgotPassword.isSuccess ? (
        <Alert color="brand">{t('auth.forgotPassword.sent')}</Alert>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Stack>
            <Text size="sm">{t('auth.forgotPassword.intro')}</Text>
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              error={errorText(t, errors.email)}
              {...register('email')}
            />
            <Button type="submit" loading={forgotPassword.isPending}>
              {t('auth.forgotPassword.submit')}
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
