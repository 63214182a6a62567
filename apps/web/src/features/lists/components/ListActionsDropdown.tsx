import type { List } from '@household/contracts';
import { Menu } from '@mantine/core';
import {
  IconCopy,
  IconDownload,
  IconPencil,
  IconShare,
  IconTags,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from '../../../components/popover-button';
import { ListActionDialogs, type ListActionDialog } from './ListActionDialogs';
import { ListTransitionItems } from './ListTransitionItems';
import { useListActions } from './use-list-actions';

/**
 * The list's lifecycle (spec §4), sharing, its categories, export and deletion: the menu that
 * hangs from the Actions button (ListActionsMenu.tsx, which draws the button; the menu's target is
 * a box over it), and the dialogs it opens. It mounts closed and opens right after, so the menu
 * takes focus as when it opens from its own button.
 */
export function ListActionsDropdown({
  list,
  opened,
  onChange,
  targetClassName,
}: {
  list: List;
  opened: boolean;
  onChange: (opened: boolean) => void;
  targetClassName: string;
}) {
  const { t } = useTranslation();
  const actions = useListActions(list);
  const [dialog, setDialog] = useState<ListActionDialog>(null);
  const shown = useOpenedAfterMount(opened);

  return (
    <>
      <Menu
        opened={shown}
        onChange={onChange}
        position="bottom-end"
        withinPortal
        hideDetached={false}
      >
        <Menu.Target>
          <span className={targetClassName} aria-hidden />
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
