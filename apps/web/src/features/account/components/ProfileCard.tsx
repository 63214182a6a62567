import type { User } from '@household/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { emailField, errorText, nameField } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { useUpdateProfile } from '../api/mutations';
import { SettingsCard } from '../../../components/SettingsCard';

const profileSchema = z.object({ name: nameField, email: emailField, currentPassword: z.string() });
type ProfileValues = z.infer<typeof profileSchema>;

/**
 * spec §3: the profile as edited is name and email. A new email asks for the current password
 * and only applies once confirmed from the new inbox; until then the old address stays.
 */
export function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    values: { name: user.name ?? '', email: user.email ?? '', currentPassword: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const emailChanges = email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();

  const onSubmit = ({ currentPassword, ...values }: ProfileValues) =>
    updateProfile.mutate(
      {
        ...values,
        ...(emailChanges && currentPassword ? { current_password: currentPassword } : {}),
      },
      {
        onSuccess: () => notify({ type: 'success', message: t('account.profile.saved') }),
        onError: (error) => {
          if (isApiError(error, 'email_taken')) {
            setError('email', { message: 'errors.emailTaken' });
          }
          if (isApiError(error, 'invalid_credentials')) {
            setError('currentPassword', { message: 'account.emailChange.wrongPassword' });
          }
          if (isApiError(error, 'reauthentication_required')) {
            setError('currentPassword', { message: 'account.emailChange.passwordNeeded' });
          }
          notify({ type: 'error', message: t('account.profile.failed') });
        },
      },
    );

  return (
    <SettingsCard
      title={t('account.profile.title')}
      description={t('account.profile.memberSince', {
        date: formatDate(user.created_at, i18n.language, user.timezone),
      })}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.name')}
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
        </SimpleGrid>
        {emailChanges && (
          <PasswordInput
            mt="md"
            label={t('account.emailChange.currentPassword')}
            description={t('account.emailChange.currentPasswordHint')}
            autoComplete="current-password"
            error={errorText(t, errors.currentPassword)}
            {...register('currentPassword')}
          />
        )}
        {user.pending_email && (
          <Alert mt="md" color="brand" role="status">
            {t('account.emailChange.pending', { pending: user.pending_email, current: user.email })}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={updateProfile.isPending}>
            {t('app.save')}
          </Button>
        </Group>
      </form>
    </SettingsCard>
  );
}
