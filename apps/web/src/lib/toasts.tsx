import { TOAST_DEFAULT_DURATION_MS } from '@household/contracts/limits';
import type { NotificationData, NotificationsProps } from '@mantine/notifications';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import type { ToastType } from './toast-view';

export type { ToastType };

/** spec §3: a notification has a type, a message, a duration and a manual-close flag. */
export interface Toast {
  type: ToastType;
  message: string;
  duration?: number;
  manualClose?: boolean;
  /** A second toast with the same id is not shown while the first one is. */
  id?: string;
}

const COLOURS: Record<ToastType, string> = {
  success: 'brand',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};

export type ToastsProps = NotificationsProps;

/**
 * spec §2: every toast has a close button and leaves after 5000 ms or its own duration. Its icon
 * is added when it is drawn (lib/toast-view.tsx), with the code that draws it.
 */
export function toNotification({
  type,
  message,
  duration,
  manualClose,
  id,
}: Toast): NotificationData {
  return {
    id,
    message,
    color: COLOURS[type],
    withCloseButton: true,
    // In the language shown when the toast appears; Mantine's close button has no name of its own.
    closeButtonProps: { 'aria-label': i18next.t('app.closeNotification') },
    autoClose: manualClose ? false : (duration ?? TOAST_DEFAULT_DURATION_MS),
    role: type === 'error' ? 'alert' : 'status',
  };
}

/**
 * Mantine's notifications (the store, the component that draws it, the icons) load with the first
 * toast: most first pages never show one, and the login page must draw within its budget (issue
 * 25). The import is dynamic everywhere outside tests; a static one would put the component back
 * in the first chunk.
 */
export const loadToastView = () => import('./toast-view');

let toastShown = false;
const toastShownListeners = new Set<() => void>();

/** True from the first `notify` on: the app then mounts the component that draws toasts. */
export function useToastShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      toastShownListeners.add(listener);
      return () => toastShownListeners.delete(listener);
    },
    () => toastShown,
  );
}

export function notify(toast: Toast): void {
  // Built now, in the language shown now; drawn once the notifications code is in.
  const data = toNotification(toast);
  if (!toastShown) {
    toastShown = true;
    for (const listener of toastShownListeners) listener();
  }
  void loadToastView().then(({ notifications, toastIcon }) =>
    notifications.show({ ...data, icon: toastIcon(toast.type) }),
  );
}
