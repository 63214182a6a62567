import type { List } from '@household/contracts';
import { Badge } from '@mantine/core';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<List['status'], string> = {
  active: 'blue',
  completed: 'brand',
  archived: 'gray',
};

/** spec §2: a group or personal list badge. */
export function ListKindBadge({ list }: { list: Pick<List, 'group'> }) {
  const { t } = useTranslation();
  return list.group ? (
    <Badge
      variant="light"
      color="violet"
      leftSection={<IconUsersGroup size={12} aria-hidden />}
      style={{ maxWidth: '100%' }}
    >
      {t('lists.badge.group', { name: list.group.name })}
    </Badge>
  ) : (
    <Badge variant="light" color="gray" leftSection={<IconUser size={12} aria-hidden />}>
      {t('lists.badge.personal')}
    </Badge>
  );
}

export function ListStatusBadge({ status }: { status: List['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={STATUS_COLORS[status]}>
      {t(`lists.status.${status}`)}
    </Badge>
  );
}
