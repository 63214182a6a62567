import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error';
import { retryAfterMinutes } from '../../lib/errors';

/**
 * Asks for the password and retries a sensitive change with it (use-reauthentication.tsx). A
 * wrong password or too many tries stay here with their message; any other failure is the
 * caller's to show. Mantine's modal is labelled by its title, traps focus and closes on Escape.
 */
export function ReauthModal({
  opened,
  retry,
  onDone,
  onFailed,
  onCancel,
}: {
  opened: boolean;
  retry: (password: string) => Promise<unknown>;
  onDone: (value: unknown) => void;
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = (after: () => void) => {
    setPassword('');
    setError(null);
    after();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('validation.passwordRequired'));
    setBusy(true);
    try {
      const value = await retry(password);
      finish(() => onDone(value));
    } catch (cause) {
      if (isApiError(cause, 'invalid_credentials')) setError(t('errors.passwordIncorrect'));
      else if (isApiError(cause, 'rate_limited')) {
        setError(t('errors.rateLimited', { count: retryAfterMinutes(cause) }));
      } else finish(() => onFailed(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => finish(onCancel)} title={t('auth.reauth.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Text size="sm">{t('auth.reauth.text')}</Text>
          <PasswordInput
            label={t('auth.reauth.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error && <span role="alert">{error}</span>}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => finish(onCancel)}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('auth.reauth.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
