import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Divider,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { retryAfterMinutes } from '../../../lib/errors';
import { errorText } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../paths';
import { useGuestLogin, useLogin } from '../api';
import { loginSchema, type LoginValues } from '../schemas';

/** spec §2 Login: email, password with show/hide, a link to sign up; plus guest and reset. */
export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { signIn } = useSession();
  const login = useLogin();
  const guestLogin = useGuestLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema) });

  // The route guard sends a signed-in user on to the `redirect` query (spec §2).
  const onSubmit = (values: LoginValues) =>
    login.mutate(values, {
      onSuccess: (tokens) => {
        notify({ type: 'success', message: t('auth.login.success') });
        signIn(tokens);
      },
      onError: (error) =>
        notify({
          type: 'error',
          message: isApiError(error, 'rate_limited')
            ? t('errors.rateLimited', { count: retryAfterMinutes(error) })
            : t('auth.login.failed'),
        }),
    });

  const continueAsGuest = () =>
    guestLogin.mutate(undefined, {
      onSuccess: (tokens) => {
        notify({ type: 'success', message: t('auth.guest.success') });
        signIn(tokens);
      },
      onError: () => notify({ type: 'error', message: t('auth.guest.failed') }),
    });

  return (
    <Stack>
      <Title order={2}>{t('auth.login.title')}</Title>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            error={errorText(t, errors.email)}
            {...register('email')}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            error={errorText(t, errors.password)}
            {...register('password')}
          />
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {t('auth.login.forgotPassword')}
          </Anchor>
          <Button type="submit" loading={login.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('auth.login.noAccount')}{' '}
        <Anchor component={Link} to={{ pathname: paths.signup, search }}>
          {t('auth.login.signUpLink')}
        </Anchor>
      </Text>
      <Divider label={t('auth.login.or')} />
      <Button variant="default" onClick={continueAsGuest} loading={guestLogin.isPending}>
        {t('auth.guest.button')}
      </Button>
    </Stack>
  );
}
