import type { List } from '@household/contracts';
import { Menu } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListTransition } from '../api/list-mutations';

/** The menu items that move the list along its lifecycle (spec §4), as its status allows. */
export function ListTransitionItems({
  status,
  onTransition,
}: {
  status: List['status'];
  onTransition: (transition: ListTransition) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {status === 'active' && (
        <Menu.Item
          leftSection={<IconCheck size={14} aria-hidden />}
          onClick={() => onTransition('complete')}
        >
          {t('lists.actions.complete')}
        </Menu.Item>
      )}
      {status === 'completed' && (
        <Menu.Item
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => onTransition('reopen')}
        >
          {t('lists.actions.reopen')}
        </Menu.Item>
      )}
      {status === 'archived' ? (
        <Menu.Item
          leftSection={<IconArchiveOff size={14} aria-hidden />}
          onClick={() => onTransition('unarchive')}
        >
          {t('lists.actions.unarchive')}
        </Menu.Item>
      ) : (
        <Menu.Item
          leftSection={<IconArchive size={14} aria-hidden />}
          onClick={() => onTransition('archive')}
        >
          {t('lists.actions.archive')}
        </Menu.Item>
      )}
    </>
  );
}
