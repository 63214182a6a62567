import type { GroupRole } from '@household/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<GroupRole, string> = { owner: 'grape', admin: 'blue', member: 'gray' };

/** spec §3: every member has a role; the default label is Member. */
export function RoleBadge({ role }: { role: GroupRole | null | undefined }) {
  const { t } = useTranslation();
  const known = role && role in COLORS ? role : 'member';
  return (
    <Badge color={COLORS[known]} variant="light" style={{ flexShrink: 0 }}>
      {t(`groups.roles.${known}`)}
    </Badge>
  );
}
