import type { User } from '@household/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { emailField, errorText, nameField } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { useUpdateProfile } from '../api/mutations';
import { SettingsCard } from '../../../components/SettingsCard';

const profileSchema = z.object({ name: nameField, email: emailField });
type ProfileValues = z.infer<typeof profileSchema>;

/** spec §3: the profile as edited is name and email. */
export function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    values: { name: user.name ?? '', email: user.email ?? '' },
  });

  const onSubmit = (values: ProfileValues) =>
    updateProfile.mutate(values, {
      onSuccess: () => notify({ type: 'success', message: t('account.profile.saved') }),
      onError: (error) => {
        if (isApiError(error, 'email_taken')) {
          setError('email', { message: 'errors.emailTaken' });
        }
        notify({ type: 'error', message: t('account.profile.failed') });
      },
    });

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
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={updateProfile.isPending}>
            {t('app.save')}
          </Button>
        </Group>
      </form>
    </SettingsCard>
  );
}
