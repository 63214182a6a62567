import type { List } from '@household/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { paths } from '../../../lib/paths';
import { notify } from '../../../lib/toasts';
import { useDeleteList } from '../api/list-mutations';

/** Asks before deleting the list; afterwards goes where the list was listed. */
export function DeleteListConfirm({
  list,
  opened,
  onClose,
  onFailed,
}: {
  list: List;
  opened: boolean;
  onClose: () => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteList = useDeleteList(list.id);
  const onConfirm = () =>
    deleteList.mutate(undefined, {
      onSuccess: () => {
        notify({ type: 'success', message: t('lists.actions.deleted') });
        void navigate(list.group ? paths.groupLists(list.group.id) : paths.lists);
      },
      onError: (error) => {
        onFailed(error);
        onClose();
      },
    });
  return (
    <ConfirmModal
      opened={opened}
      title={t('lists.actions.delete')}
      text={t('lists.actions.deleteText', { name: list.name })}
      confirmLabel={t('lists.actions.deleteConfirm')}
      color="red"
      loading={deleteList.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
