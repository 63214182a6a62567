import { useTranslation } from 'react-i18next';
import { useRetryingBusyServer } from '../lib/busy-server';

/**
 * "Loading…", or, while a read waits to be sent again to a busy server, that the app is retrying:
 * a page never sits on "Loading…" without saying why it takes longer.
 */
export function useLoadingLabel(): string {
  const { t } = useTranslation();
  return useRetryingBusyServer() ? t('app.busyRetrying') : t('app.loading');
}

/** The loading label as text, for a section that shows it in a line of its own. */
export function LoadingText() {
  return useLoadingLabel();
}
