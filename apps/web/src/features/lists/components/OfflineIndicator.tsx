import { Badge } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemOutbox } from '../api';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
const isOnline = () => navigator.onLine !== false;

/** Says when the device is offline and how many item changes wait to be sent. */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const outbox = useItemOutbox();
  const waiting = useSyncExternalStore(outbox.subscribe, outbox.getSize);
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  if (online && waiting === 0) return null;
  return (
    <Badge
      role="status"
      size="lg"
      variant="light"
      color={online ? 'blue' : 'orange'}
      leftSection={
        online ? <IconRefresh size={14} aria-hidden /> : <IconCloudOff size={14} aria-hidden />
      }
      style={{ textTransform: 'none' }}
    >
      {online
        ? t('lists.offline.sending', { count: waiting })
        : waiting > 0
          ? t('lists.offline.waiting', { count: waiting })
          : t('lists.offline.offline')}
    </Badge>
  );
}
