import { LIST_DESCRIPTION_MAX_LENGTH, LIST_NAME_MAX_LENGTH, type List } from '@household/contracts';
import {
  Button,
  Group,
  Menu,
  Modal,
  NativeSelect,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCheck,
  IconCopy,
  IconDots,
  IconDownload,
  IconPencil,
  IconRefresh,
  IconShare,
  IconTags,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { downloadListExport, type ExportFormat } from '../api/downloads';
import { myGroupsQueryOptions } from '../../../lib/shared-queries';
import {
  useDeleteList,
  useDuplicateList,
  useListTransition,
  useShareList,
  useUnshareList,
  useUpdateList,
  type ListTransition,
} from '../api/list-mutations';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';

// The categories dialog loads when first opened: most visits to a list never open it.
const CategoriesModal = lazy(() =>
  import('./CategoriesModal').then((m) => ({ default: m.CategoriesModal })),
);

const TRANSITION_DONE: Record<ListTransition, TranslationKey> = {
  complete: 'lists.actions.completed',
  reopen: 'lists.actions.reopened',
  archive: 'lists.actions.archived',
  unarchive: 'lists.actions.unarchived',
};

function failureKey(error: unknown): TranslationKey {
  if (isApiError(error, 'forbidden')) return 'errors.forbidden';
  if (isApiError(error, 'conflict')) return 'lists.actions.conflict';
  return 'lists.actions.failed';
}

type Dialog = 'edit' | 'share' | 'categories' | 'delete' | null;

/** The list's lifecycle (spec §4), sharing, its categories, export and deletion. */
export function ListActionsMenu({ list }: { list: List }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const transition = useListTransition();
  const duplicate = useDuplicateList(list.id);
  const unshare = useUnshareList(list.id);
  const [dialog, setDialog] = useState<Dialog>(null);

  const fail = (error: unknown) => notify({ type: 'error', message: t(failureKey(error)) });
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
          {list.status === 'active' && (
            <Menu.Item
              leftSection={<IconCheck size={14} aria-hidden />}
              onClick={() => run('complete')}
            >
              {t('lists.actions.complete')}
            </Menu.Item>
          )}
          {list.status === 'completed' && (
            <Menu.Item
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => run('reopen')}
            >
              {t('lists.actions.reopen')}
            </Menu.Item>
          )}
          {list.status === 'archived' ? (
            <Menu.Item
              leftSection={<IconArchiveOff size={14} aria-hidden />}
              onClick={() => run('unarchive')}
            >
              {t('lists.actions.unarchive')}
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconArchive size={14} aria-hidden />}
              onClick={() => run('archive')}
            >
              {t('lists.actions.archive')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconCopy size={14} aria-hidden />} onClick={onDuplicate}>
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
            <Menu.Item leftSection={<IconUser size={14} aria-hidden />} onClick={onUnshare}>
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
            onClick={() => void onExport('csv')}
          >
            {t('lists.actions.exportCsv')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void onExport('json')}
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

      <Modal
        opened={dialog === 'edit'}
        onClose={() => setDialog(null)}
        title={t('lists.actions.edit')}
      >
        {dialog === 'edit' && <EditListForm list={list} onDone={() => setDialog(null)} />}
      </Modal>
      <Modal
        opened={dialog === 'share'}
        onClose={() => setDialog(null)}
        title={t('lists.share.title')}
      >
        {dialog === 'share' && <ShareListForm list={list} onDone={() => setDialog(null)} />}
      </Modal>
      <LoadWhenOpened opened={dialog === 'categories'}>
        {(opened) => (
          <CategoriesModal
            groupId={list.group?.id ?? null}
            groupName={list.group?.name ?? null}
            opened={opened}
            onClose={() => setDialog(null)}
          />
        )}
      </LoadWhenOpened>
      <DeleteListConfirm
        list={list}
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onFailed={fail}
      />
    </>
  );
}

function EditListForm({ list, onDone }: { list: List; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateList(list.id);
  const [name, setName] = useState(list.name);
  const [description, setDescription] = useState(list.description);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('lists.create.nameRequired'));
      return;
    }
    update.mutate(
      { version: list.version, name: name.trim(), description: description.trim() },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('lists.actions.saved') });
          onDone();
        },
        onError: (cause) => notify({ type: 'error', message: t(failureKey(cause)) }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label={t('lists.fields.name')}
          required
          data-autofocus
          maxLength={LIST_NAME_MAX_LENGTH}
          value={name}
          error={error}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={t('lists.fields.description')}
          autosize
          minRows={2}
          maxLength={LIST_DESCRIPTION_MAX_LENGTH}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('app.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** docs/lists.md: a personal list moves into one of my groups. */
function ShareListForm({ list, onDone }: { list: List; onDone: () => void }) {
  const { t } = useTranslation();
  const groups = useQuery(myGroupsQueryOptions(useApi()));
  const share = useShareList(list.id);
  const [groupId, setGroupId] = useState('');
  const options = groups.data ?? [];
  const chosen = groupId || (options[0] ? String(options[0].id) : '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const group = options.find((candidate) => String(candidate.id) === chosen);
    share.mutate(Number(chosen), {
      onSuccess: () => {
        notify({
          type: 'success',
          message: t('lists.share.success', { name: group?.name ?? chosen }),
        });
        onDone();
      },
      onError: (cause) => notify({ type: 'error', message: t(failureKey(cause)) }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {options.length === 0 && !groups.isPending ? (
          <TextInput readOnly label={t('lists.share.group')} value={t('lists.share.noGroups')} />
        ) : (
          <NativeSelect
            label={t('lists.share.group')}
            value={chosen}
            onChange={(event) => setGroupId(event.currentTarget.value)}
            data={options.map((group) => ({ value: String(group.id), label: group.name }))}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" disabled={!chosen} loading={share.isPending}>
            {t('lists.share.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteListConfirm({
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
