import {
  IconAlertTriangle,
  IconCheck,
  IconInfoCircle,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import type { ToastType } from './toasts';

/** What draws toasts, loaded with the first one (`loadToastView` in lib/toasts.tsx). */
export { Notifications, notifications } from '@mantine/notifications';

const ICONS: Record<ToastType, Icon> = {
  success: IconCheck,
  error: IconX,
  warning: IconAlertTriangle,
  info: IconInfoCircle,
};

export function toastIcon(type: ToastType) {
  const ToastIcon = ICONS[type];
  return <ToastIcon size={18} aria-hidden />;
}
