import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type User } from '@household/contracts';
import { Avatar, Button, FileButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { useRemoveAvatar, useUploadAvatar } from '../api/mutations';
import { SettingsCard } from '../../../components/SettingsCard';

function uploadErrorKey(error: unknown): TranslationKey {
  if (isApiError(error, 'payload_too_large')) return 'account.avatar.tooLarge';
  if (isApiError(error, 'unsupported_media_type')) return 'account.avatar.unsupportedType';
  return 'account.avatar.failed';
}

/** A PNG, JPEG or WebP picture of at most 2 MB. */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const api = useApi();
  const uploadAvatar = useUploadAvatar();
  const removeAvatar = useRemoveAvatar();

  const onFile = (file: File | null) => {
    if (!file) return;
    // Checked here too, so a large photo is not sent over a slow connection only to be refused.
    if (file.size > AVATAR_MAX_BYTES) {
      notify({ type: 'error', message: t('account.avatar.tooLarge') });
      return;
    }
    uploadAvatar.mutate(file, {
      onSuccess: () => notify({ type: 'success', message: t('account.avatar.saved') }),
      onError: (error) => notify({ type: 'error', message: t(uploadErrorKey(error)) }),
    });
  };

  const onRemove = () =>
    removeAvatar.mutate(undefined, {
      onSuccess: () => notify({ type: 'success', message: t('account.avatar.removed') }),
      onError: () => notify({ type: 'error', message: t('account.avatar.removeFailed') }),
    });

  return (
    <SettingsCard title={t('account.avatar.title')} description={t('account.avatar.hint')}>
      <Group>
        <Avatar
          size="lg"
          radius="xl"
          src={user.avatar_url ? api.assetUrl(user.avatar_url) : null}
          alt={t('account.avatar.alt')}
        />
        <FileButton onChange={onFile} accept={AVATAR_MIME_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" loading={uploadAvatar.isPending}>
              {t('account.avatar.upload')}
            </Button>
          )}
        </FileButton>
        {user.avatar_url && (
          <Button variant="subtle" color="red" onClick={onRemove} loading={removeAvatar.isPending}>
            {t('account.avatar.remove')}
          </Button>
        )}
      </Group>
    </SettingsCard>
  );
}
