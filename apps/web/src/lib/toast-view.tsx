import {
  IconAlertTriangle,
  IconCheck,
  IconInfoCircle,
  IconX,
  type Icon,
} from '@tabler/icons-react';

/** What draws toasts, loaded with the first one (`loadToastView` in lib/toasts.tsx). */
export { Notifications, notifications } from '@mantine/notifications';

const ICONS = {
  success: IconCheck,
  error: IconX,
  warning: IconAlertTriangle,
  info: IconInfoCircle,
} satisfies Record<string, Icon>;

/** spec §3: a notification's type (lib/toasts.tsx), each drawn with its icon. */
export type ToastType = keyof typeof ICONS;

export function toastIcon(type: ToastType) {
  const ToastIcon = ICONS[type];
  return <ToastIcon size={18} aria-hidden />;
}
