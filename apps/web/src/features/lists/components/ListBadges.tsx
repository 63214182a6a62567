import type { List } from '@household/contracts';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import plain from '../../../components/plain/plain.module.css';
import classes from './header.module.css';

const STATUS_OUTLINES: Record<List['status'], string> = {
  active: classes.outlineBlue!,
  completed: classes.outlineBrand!,
  archived: classes.outlineGray!,
};

/** spec §2: a group or personal list badge (as Mantine's light Badge, drawn without it). */
export function ListKindBadge({ list }: { list: Pick<List, 'group'> }) {
  const { t } = useTranslation();
  return list.group ? (
    <span className={`${classes.badge} ${classes.light} ${classes.violet}`}>
      <IconUsersGroup size={12} aria-hidden />
      <span className={classes.badgeLabel}>
        {t('lists.badge.group', { name: list.group.name })}
      </span>
    </span>
  ) : (
    <span className={`${classes.badge} ${classes.light} ${plain.tintGray}`}>
      <IconUser size={12} aria-hidden />
      <span className={classes.badgeLabel}>{t('lists.badge.personal')}</span>
    </span>
  );
}

export function ListStatusBadge({ status }: { status: List['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`${classes.badge} ${classes.outline} ${STATUS_OUTLINES[status]}`}>
      {t(`lists.status.${status}`)}
    </span>
  );
}
