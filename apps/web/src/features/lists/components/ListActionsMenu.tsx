import type { List } from '@household/contracts';
import { Button, Menu } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconDownload,
  IconPencil,
  IconShare,
  IconTags,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListActionDialogs, type ListActionDialog } from './ListActionDialogs';
import { ListTransitionItems } from './ListTransitionItems';
import { useListActions } from './use-list-actions';

/** The list's lifecycle (spec §4), sharing, its categories, export and deletion. */
export function ListActionsMenu({ list }: { list: List }) {
  const { t } = useTranslation();
  const actions = useListActions(list);
  const [dialog, setDialog] = useState<ListActionDialog>(null);

  return (
    <>
      <Menu position="bottom-end" withinPortal hideDetached={false}>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDots size={16} aria-hidden />}>
            {t('lists.actions.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPencil size={14} aria-hidden />}
            disabled={list.status === 'archived'}
            onClick={() => setDialog('edit')}
          >
            {t('lists.actions.edit')}
          </Menu.Item>
          <ListTransitionItems status={list.status} onTransition={actions.run} />
          <Menu.Item leftSection={<IconCopy size={14} aria-hidden />} onClick={actions.onDuplicate}>
            {t('lists.actions.duplicate')}
          </Menu.Item>
          {list.group === null ? (
            <Menu.Item
              leftSection={<IconShare size={14} aria-hidden />}
              onClick={() => setDialog('share')}
            >
              {t('lists.actions.share')}
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconUser size={14} aria-hidden />} onClick={actions.onUnshare}>
              {t('lists.actions.unshare')}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconTags size={14} aria-hidden />}
            onClick={() => setDialog('categories')}
          >
            {t('lists.categories.title')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void actions.onExport('csv')}
          >
            {t('lists.actions.exportCsv')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void actions.onExport('json')}
          >
            {t('lists.actions.exportJson')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            // Mantine colours a menu item in shade 6 whatever the theme (3.3:1 on white): the
            // theme's red text colour reads at 4.5:1 in both schemes.
            color="var(--mantine-color-red-text)"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDialog('delete')}
          >
            {t('lists.actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <ListActionDialogs
        list={list}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onFailed={actions.fail}
      />
    </>
  );
}
