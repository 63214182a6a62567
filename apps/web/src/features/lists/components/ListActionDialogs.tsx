import type { List } from '@household/contracts';
import { Modal } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { DeleteListConfirm } from './DeleteListConfirm';
import { EditListForm } from './EditListForm';
import { ShareListForm } from './ShareListForm';

// The categories dialog loads when first opened: most visits to a list never open it.
const CategoriesModal = lazy(() =>
  import('./CategoriesModal').then((m) => ({ default: m.CategoriesModal })),
);

export type ListActionDialog = 'edit' | 'share' | 'categories' | 'delete' | null;

/** The dialogs the list's menu opens, one at a time. */
export function ListActionDialogs({
  list,
  dialog,
  onClose,
  onFailed,
}: {
  list: List;
  dialog: ListActionDialog;
  onClose: () => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Modal opened={dialog === 'edit'} onClose={onClose} title={t('lists.actions.edit')}>
        {dialog === 'edit' && <EditListForm list={list} onDone={onClose} />}
      </Modal>
      <Modal opened={dialog === 'share'} onClose={onClose} title={t('lists.share.title')}>
        {dialog === 'share' && <ShareListForm list={list} onDone={onClose} />}
      </Modal>
      <LoadWhenOpened opened={dialog === 'categories'}>
        {(opened) => (
          <CategoriesModal
            groupId={list.group?.id ?? null}
            groupName={list.group?.name ?? null}
            opened={opened}
            onClose={onClose}
          />
        )}
      </LoadWhenOpened>
      <DeleteListConfirm
        list={list}
        opened={dialog === 'delete'}
        onClose={onClose}
        onFailed={onFailed}
      />
    </>
  );
}
