import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import type { ApiClient } from '../../../lib/api-client';
import { notify } from '../../../lib/toasts';
import { apiPaths } from '../api/paths';
import { SettingsCard } from '../../../components/SettingsCard';

export const DATA_EXPORT_PATH = apiPaths.dataExport;

/** The server's name for the file, on this device's calendar day. */
export function dataExportFilename(now: Date): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `household-data-${day}.json`;
}

/**
 * GET /users/me/export through the API client, so the bearer token goes along (a plain link
 * could not carry it), saved as a file the browser downloads.
 */
export async function downloadMyData(api: ApiClient, now = new Date()): Promise<void> {
  const body = await api.get<unknown>(DATA_EXPORT_PATH);
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = dataExportFilename(now);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** spec §2: everything the user owns or shares, as one JSON file (docs/accounts.md). */
export function DownloadDataCard() {
  const { t } = useTranslation();
  const api = useApi();
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      await downloadMyData(api);
      notify({ type: 'success', message: t('exportData.success') });
    } catch {
      notify({ type: 'error', message: t('exportData.failed') });
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsCard title={t('exportData.title')} description={t('exportData.description')}>
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={pending}
          onClick={() => void download()}
        >
          {t('exportData.button')}
        </Button>
      </Group>
    </SettingsCard>
  );
}
