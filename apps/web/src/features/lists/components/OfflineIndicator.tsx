import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/online';
import { useItemOutbox } from '../api/item-mutations';
import plain from '../../../components/plain/plain.module.css';
import classes from './shop.module.css';

/**
 * How many item changes wait to be sent, offline, or are being sent. That the device is offline
 * at all is said by the page's OfflineNotice. Drawn without Mantine: supermarket mode shows it.
 */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const outbox = useItemOutbox();
  const waiting = useSyncExternalStore(outbox.subscribe, outbox.getSize);
  const online = useOnline();
  if (waiting === 0) return null;
  return (
    <span
      role="status"
      className={`${classes.outboxBadge} ${online ? plain.tintBlue : plain.tintOrange}`}
    >
      {online ? <IconRefresh size={14} aria-hidden /> : <IconCloudOff size={14} aria-hidden />}
      {online
        ? t('lists.offline.sending', { count: waiting })
        : t('lists.offline.waiting', { count: waiting })}
    </span>
  );
}
