import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import type { TranslationKey } from '../../../lib/i18n';
import { useSignOut } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useDeleteAccount } from '../api/mutations';
import { SettingsCard } from '../../../components/SettingsCard';

/** Deleting is confirmed with the password; a guest has none and only confirms. */
export function DeleteAccountCard({ isGuest }: { isGuest: boolean }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <SettingsCard title={t('account.delete.title')} description={t('account.delete.description')}>
      <Group>
        <Button color="red" variant="light" onClick={modal.open}>
          {t('account.delete.button')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={modal.close} title={t('account.delete.confirmTitle')}>
        {opened && <DeleteAccountForm isGuest={isGuest} onCancel={modal.close} />}
      </Modal>
    </SettingsCard>
  );
}

function DeleteAccountForm({ isGuest, onCancel }: { isGuest: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const deleteAccount = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<TranslationKey | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isGuest && !password) {
      setError('validation.passwordRequired');
      return;
    }
    deleteAccount.mutate(isGuest ? {} : { password }, {
      onSuccess: () => {
        notify({ type: 'success', message: t('account.delete.success') });
        void signOut();
      },
      onError: (cause) => {
        if (isApiError(cause, 'invalid_credentials')) setError('errors.passwordIncorrect');
        else notify({ type: 'error', message: t('account.delete.failed') });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('account.delete.warning')}</Text>
        {!isGuest && (
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error && t(error)}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" color="red" loading={deleteAccount.isPending}>
            {t('account.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
