import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online';
import { Alert } from './plain/Alert';

/**
 * docs/offline.md: while the device is offline, every signed-in page says so and what that means:
 * the page shows what this device loaded last, list changes wait to be sent, other changes need a
 * connection (trying one shows that action's usual failure message). Drawn without Mantine:
 * supermarket mode shows it too.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      role="status"
      colour="orange"
      square
      icon={<IconCloudOff size={18} aria-hidden />}
      title={t('app.offline.title')}
    >
      {t('app.offline.text')}
    </Alert>
  );
}
