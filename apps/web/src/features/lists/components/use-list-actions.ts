import type { List } from '@household/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { notify } from '../../../lib/toasts';
import { downloadListExport, type ExportFormat } from '../api/downloads';
import {
  useDuplicateList,
  useListTransition,
  useUnshareList,
  type ListTransition,
} from '../api/list-mutations';
import { listActionFailureKey } from './list-action-failure';

const TRANSITION_DONE: Record<ListTransition, TranslationKey> = {
  complete: 'lists.actions.completed',
  reopen: 'lists.actions.reopened',
  archive: 'lists.actions.archived',
  unarchive: 'lists.actions.unarchived',
};

/** The one-click actions of the list's menu, each saying in a toast how it went. */
export function useListActions(list: List) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const transition = useListTransition();
  const duplicate = useDuplicateList(list.id);
  const unshare = useUnshareList(list.id);

  const fail = (error: unknown) =>
    notify({ type: 'error', message: t(listActionFailureKey(error)) });
  const run = (name: ListTransition) =>
    transition.mutate(
      { id: list.id, transition: name },
      {
        onSuccess: () => notify({ type: 'success', message: t(TRANSITION_DONE[name]) }),
        onError: fail,
      },
    );
  const onDuplicate = () =>
    duplicate.mutate(
      {},
      {
        onSuccess: (copy) => {
          notify({ type: 'success', message: t('lists.actions.duplicated') });
          void navigate(paths.list(copy.id));
        },
        onError: fail,
      },
    );
  const onUnshare = () =>
    unshare.mutate(undefined, {
      onSuccess: () => notify({ type: 'success', message: t('lists.actions.unshared') }),
      onError: fail,
    });
  const onExport = (format: ExportFormat) =>
    downloadListExport(api, list, format).catch(() =>
      notify({ type: 'error', message: t('lists.actions.exportFailed') }),
    );

  return { fail, run, onDuplicate, onUnshare, onExport };
}
