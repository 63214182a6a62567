import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AccountFields } from '../../../components/AccountFields';
import { isApiError } from '../../../lib/api-client';
import { accountSchema, type AccountValues } from '../../../lib/forms';
import { currentLocale } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/mutations';
import { isPasswordTooCommon, PASSWORD_TOO_COMMON } from '../../../lib/password-too-common';

/** spec §2 Sign-up: full name, email, password, confirm password. */
export function SignupPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const registerUser = useRegister();
  const form = useForm<AccountValues>({ resolver: zodResolver(accountSchema) });

  const onSubmit = ({ name, email, password }: AccountValues) =>
    registerUser.mutate(
      {
        name,
        email,
        password,
        // The new account starts in the language the visitor chose and in their time zone.
        locale: currentLocale(),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('auth.signup.success') });
          // The redirect query survives the detour through sign-up and login.
          navigate({ pathname: paths.login, search });
        },
        onError: (error) => {
          if (isApiError(error, 'email_taken')) {
            form.setError('email', { message: 'errors.emailTaken' });
          }
          if (isPasswordTooCommon(error)) {
            form.setError('password', { message: PASSWORD_TOO_COMMON });
          }
          notify({ type: 'error', message: t('auth.signup.failed') });
        },
      },
    );

  return (
    <Stack>
      <Title order={2}>{t('auth.signup.title')}</Title>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack>
          <AccountFields form={form} />
          <Button type="submit" loading={registerUser.isPending}>
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('auth.signup.haveAccount')}{' '}
        <Anchor component={Link} to={{ pathname: paths.login, search }}>
          {t('auth.signup.loginLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
