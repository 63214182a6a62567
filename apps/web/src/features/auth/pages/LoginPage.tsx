import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, TextLink } from '../../../components/plain/Button';
import { PasswordField, TextField } from '../../../components/plain/Field';
import plain from '../../../components/plain/plain.module.css';
import { isApiError } from '../../../lib/api-client';
import { retryAfterMinutes } from '../../../lib/errors';
import type { TranslationKey } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { useGuestLogin, useLogin } from '../api/mutations';
import { UnlockOffer } from '../components/UnlockOffer';
import type { LoginValues } from '../schemas';

type LoginErrors = Partial<Record<keyof LoginValues, TranslationKey>>;

/**
 * The login form is the first page most visits draw, so it checks its fields with the login schema
 * loaded on the first submit rather than through react-hook-form, and zod stays out of the code the
 * page needs before it can draw (issue 9's 150 kB budget). It behaves as the other forms do: the
 * first message of each field, checked again on every change once submitted, the first wrong field
 * focused. For the same reason it is drawn without Mantine (components/plain/), in its look.
 */
async function checkLogin(
  values: LoginValues,
): Promise<{ ok: true; values: LoginValues } | { ok: false; errors: LoginErrors }> {
  const { loginSchema } = await import('../schemas');
  const result = loginSchema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginValues;
    errors[field] ??= issue.message as TranslationKey;
  }
  return { ok: false, errors };
}

/** spec §2 Login: email, password with show/hide, a link to sign up; plus guest and reset. */
export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { signIn } = useSession();
  const login = useLogin();
  const guestLogin = useGuestLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // The address a 429 slowed: offered a mailed sign-in link until a login answers otherwise.
  const [slowedEmail, setSlowedEmail] = useState<string | null>(null);
  const submitted = useRef(false);
  const fields = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const change = (field: keyof LoginValues) => (event: FormEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (submitted.current) {
      void checkLogin(next).then((check) => setErrors(check.ok ? {} : check.errors));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const check = await checkLogin(values);
    if (!check.ok) {
      setErrors(check.errors);
      const firstWrong = (['email', 'password'] as const).find((field) => check.errors[field]);
      if (firstWrong) fields[firstWrong].current?.focus();
      return;
    }
    setErrors({});
    signInWith(check.values);
  };

  // The route guard sends a signed-in user on to the `redirect` query (spec §2).
  const signInWith = (credentials: LoginValues) =>
    login.mutate(credentials, {
      onSuccess: (tokens) => {
        notify({ type: 'success', message: t('auth.login.success') });
        signIn(tokens);
      },
      onError: (error) => {
        const slowed = isApiError(error, 'rate_limited');
        setSlowedEmail(slowed ? credentials.email : null);
        notify({
          type: 'error',
          message: slowed
            ? t('errors.rateLimited', { count: retryAfterMinutes(error) })
            : t('auth.login.failed'),
        });
      },
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
    <div className={plain.stack}>
      <h2 className={plain.title}>{t('auth.login.title')}</h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className={plain.stack}>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          name="email"
          ref={fields.email}
          value={values.email}
          onChange={change('email')}
          error={errors.email && t(errors.email)}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          name="password"
          ref={fields.password}
          value={values.password}
          onChange={change('password')}
          error={errors.password && t(errors.password)}
        />
        <TextLink to={paths.forgotPassword}>{t('auth.login.forgotPassword')}</TextLink>
        <Button type="submit" loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
      {slowedEmail && <UnlockOffer key={slowedEmail} email={slowedEmail} />}
      <p className={`${plain.text} ${plain.centred}`}>
        {t('auth.login.noAccount')}{' '}
        <TextLink to={{ pathname: paths.signup, search }}>{t('auth.login.signUpLink')}</TextLink>
      </p>
      <div className={plain.divider}>{t('auth.login.or')}</div>
      <Button variant="default" onClick={continueAsGuest} loading={guestLogin.isPending}>
        {t('auth.guest.button')}
      </Button>
    </div>
  );
}
