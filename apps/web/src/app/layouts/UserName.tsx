import type { User } from '@household/contracts';
import { useTranslation } from 'react-i18next';

/** spec §3: the display falls back to 'User ID' plus the id; a guest is shown as Guest. */
export function UserName({ user }: { user: User | null }) {
  const { t } = useTranslation();
  if (!user) return null;
  if (user.is_guest) return t('user.guest');
  return user.name || t('user.fallback', { id: user.id });
}
