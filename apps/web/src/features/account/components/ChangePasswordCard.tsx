import { PASSWORD_MIN_LENGTH } from '@household/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/forms';
import type { TranslationKey } from '../../../lib/i18n';
import { isPasswordTooCommon, PASSWORD_TOO_COMMON } from '../../../lib/password-too-common';
import { notify } from '../../../lib/toasts';
import { useChangePassword } from '../api/mutations';
import { SettingsCard } from '../../../components/SettingsCard';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const issue = (message: TranslationKey, field: Field) => ({
  code: 'custom' as const,
  message,
  path: [field],
});

/** spec §5 Change password: both fields are needed; the new one has at least 8 characters. */
const changePasswordSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(({ currentPassword, newPassword, confirmPassword }, ctx) => {
    if (!currentPassword) ctx.addIssue(issue('validation.fillBothPasswords', 'currentPassword'));
    if (!newPassword) ctx.addIssue(issue('validation.fillBothPasswords', 'newPassword'));
    if (!currentPassword || !newPassword) return;
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue(issue('validation.newPasswordTooShort', 'newPassword'));
    } else if (!confirmPassword) {
      ctx.addIssue(issue('validation.confirmPasswordRequired', 'confirmPassword'));
    } else if (confirmPassword !== newPassword) {
      ctx.addIssue(issue('validation.passwordsDoNotMatch', 'confirmPassword'));
    }
  });
type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = ({ currentPassword, newPassword }: ChangePasswordValues) =>
    changePassword.mutate(
      { current_password: currentPassword, new_password: newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          notify({ type: 'success', message: t('account.password.saved') });
        },
        onError: (error) => {
          if (isApiError(error, 'invalid_credentials')) {
            setError('currentPassword', { message: 'errors.currentPasswordIncorrect' });
          } else if (isPasswordTooCommon(error)) {
            // Said under the field it is about; the form keeps what was typed for another try.
            setError('newPassword', { message: PASSWORD_TOO_COMMON });
            return;
          }
          notify({ type: 'error', message: t('account.password.failed') });
        },
      },
    );

  return (
    <SettingsCard title={t('account.password.title')}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          <PasswordInput
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            error={errorText(t, errors.currentPassword)}
            {...register('currentPassword')}
          />
          <PasswordInput
            label={t('fields.newPassword')}
            autoComplete="new-password"
            error={errorText(t, errors.newPassword)}
            {...register('newPassword')}
          />
          <PasswordInput
            label={t('fields.confirmNewPassword')}
            autoComplete="new-password"
            error={errorText(t, errors.confirmPassword)}
            {...register('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={changePassword.isPending}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
