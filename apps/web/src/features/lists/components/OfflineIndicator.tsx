import { Badge } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/online';
import { useItemOutbox } from '../api/item-mutations';

/**
 * How many item changes wait to be sent, offline, or are being sent. That the device is offline
 * at all is said by the page's OfflineNotice.
 */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const outbox = useItemOutbox();
  const waiting = useSyncExternalStore(outbox.subscribe, outbox.getSize);
  const online = useOnline();
  if (waiting === 0) return null;
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
        : t('lists.offline.waiting', { count: waiting })}
    </Badge>
  );
}
