import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText, type AccountValues } from '../lib/forms';

/** Full name, email, password, confirm password: sign-up and a guest keeping their data. */
export function AccountFields({ form }: { form: UseFormReturn<AccountValues> }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextInput
        label={t('fields.fullName')}
        autoComplete="name"
        error={errorText(t, errors.name)}
        {...register('name')}
      />
      <TextInput
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={errorText(t, errors.email)}
        {...register('email')}
      />
      <PasswordInput
        label={t('fields.password')}
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
    </>
  );
}
