import { CATEGORIES_MAX, CATEGORY_NAME_MAX_LENGTH, type Category } from '@household/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  ColorSwatch,
  Divider,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  getThemeColor,
  useMantineTheme,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { categoriesQueryOptions } from '../api/queries';
import {
  useCreateCategory,
  useDeleteCategory,
  useMoveCategory,
  useUpdateCategory,
} from '../api/category-mutations';
import { PageLoader } from '../../../components/PageLoader';

/** The Mantine colours a new category can have (the server also takes `#rrggbb`). */
export const CATEGORY_COLORS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
type CategoryColor = (typeof CATEGORY_COLORS)[number];
const DEFAULT_COLOR: CategoryColor = 'blue';

function failed(t: TFunction, error: unknown, fallback: TranslationKey): string {
  return t(isApiError(error, 'forbidden') ? 'errors.forbidden' : fallback);
}

function Swatch({ color }: { color: string }) {
  const theme = useMantineTheme();
  return <ColorSwatch color={getThemeColor(color, theme)} size={18} aria-hidden />;
}

/**
 * docs/lists.md "Categories": the categories a list is grouped by, in the shop's aisle order. A
 * group list uses the group's (groupId), a personal list mine (null).
 */
export function CategoriesModal({
  groupId,
  groupName,
  opened,
  onClose,
}: {
  groupId: number | null;
  groupName?: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('lists.categories.title')}>
      {opened && <CategoriesManager groupId={groupId} groupName={groupName ?? null} />}
    </Modal>
  );
}

function CategoriesManager({
  groupId,
  groupName,
}: {
  groupId: number | null;
  groupName: string | null;
}) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQueryOptions(useApi(), groupId));
  const move = useMoveCategory(groupId);
  const remove = useDeleteCategory(groupId);
  const [deleting, setDeleting] = useState<Category | null>(null);

  if (deleting) {
    const onConfirm = () =>
      remove.mutate(deleting.id, {
        onSuccess: () =>
          notify({
            type: 'success',
            message: t('lists.categories.deleted', { name: deleting.name }),
          }),
        onError: (error) =>
          notify({ type: 'error', message: failed(t, error, 'lists.categories.deleteFailed') }),
        onSettled: () => setDeleting(null),
      });
    return (
      <Stack>
        <Text fw={600}>{t('lists.categories.deleteTitle')}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('lists.categories.deleteText', { name: deleting.name })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            {t('app.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={remove.isPending} data-autofocus>
            {t('lists.categories.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const list = categories.data ?? [];
  const onMove = (category: Category, position: number) =>
    move.mutate(
      { id: category.id, position },
      {
        onSuccess: () =>
          notify({
            id: 'category-moved',
            type: 'success',
            message: t('lists.categories.moved', { name: category.name }),
          }),
        onError: (error) =>
          notify({ type: 'error', message: failed(t, error, 'lists.categories.moveFailed') }),
      },
    );

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {groupName === null
          ? t('lists.categories.introPersonal')
          : t('lists.categories.introGroup', { name: groupName })}
      </Text>
      {categories.isPending ? (
        <PageLoader size="sm" py="md" />
      ) : categories.isError ? (
        <Alert color="red" title={t('lists.categories.loadFailed')}>
          <Button
            mt="xs"
            size="xs"
            variant="light"
            onClick={() => void categories.refetch()}
            loading={categories.isFetching}
          >
            {t('app.retry')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text size="sm">{t('lists.categories.empty')}</Text>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          aria-label={t('lists.categories.title')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {list.map((category, index) => (
            <CategoryRow
              key={category.id}
              groupId={groupId}
              category={category}
              first={index === 0}
              last={index === list.length - 1}
              onMoveUp={() => onMove(category, index - 1)}
              onMoveDown={() => onMove(category, index + 1)}
              onDelete={() => setDeleting(category)}
            />
          ))}
        </Stack>
      )}
      <Divider />
      <AddCategoryForm groupId={groupId} full={list.length >= CATEGORIES_MAX} />
    </Stack>
  );
}

function CategoryRow({
  groupId,
  category,
  first,
  last,
  onMoveUp,
  onMoveDown,
  onDelete,
}: {
  groupId: number | null;
  category: Category;
  first: boolean;
  last: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateCategory(groupId);
  const [draft, setDraft] = useState(category.name);
  const [shown, setShown] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  // A new name from the server (a refetch, someone else's rename) replaces the field's text.
  if (shown !== category.name) {
    setShown(category.name);
    setDraft(category.name);
  }

  const save = () => {
    const name = draft.trim();
    if (name === '') {
      setError(t('lists.categories.nameRequired'));
      return;
    }
    setError(null);
    if (name === category.name) {
      setDraft(category.name);
      return;
    }
    update.mutate(
      { id: category.id, name },
      {
        onSuccess: (renamed) =>
          notify({
            type: 'success',
            message: t('lists.categories.renamed', { name: renamed.name }),
          }),
        onError: (cause) => {
          setDraft(category.name);
          notify({ type: 'error', message: failed(t, cause, 'lists.categories.renameFailed') });
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      // Saving happens on blur, so Enter and then leaving the field send it once.
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setDraft(category.name);
      setError(null);
    }
  };

  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start" data-testid="category-row">
      <Center h={36}>
        <Swatch color={category.color} />
      </Center>
      <TextInput
        flex={1}
        miw={0}
        aria-label={t('lists.categories.nameOf', { name: category.name })}
        maxLength={CATEGORY_NAME_MAX_LENGTH}
        value={draft}
        error={error}
        disabled={update.isPending}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          if (error) setError(null);
        }}
        onBlur={save}
        onKeyDown={onKeyDown}
      />
      <Group gap={4} wrap="nowrap" h={36}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('lists.categories.moveUp', { name: category.name })}
          disabled={first}
          onClick={onMoveUp}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('lists.categories.moveDown', { name: category.name })}
          disabled={last}
          onClick={onMoveDown}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('lists.categories.delete', { name: category.name })}
          onClick={onDelete}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

function AddCategoryForm({ groupId, full }: { groupId: number | null; full: boolean }) {
  const { t } = useTranslation();
  const create = useCreateCategory(groupId);
  const [name, setName] = useState('');
  const [color, setColor] = useState<CategoryColor>(DEFAULT_COLOR);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('lists.categories.nameRequired'));
      return;
    }
    if (full) {
      notify({ type: 'error', message: t('lists.categories.limit', { max: CATEGORIES_MAX }) });
      return;
    }
    create.mutate(
      { name: trimmed, color },
      {
        onSuccess: (category) => {
          notify({
            type: 'success',
            message: t('lists.categories.added', { name: category.name }),
          });
          setName('');
        },
        onError: (cause) =>
          notify({
            type: 'error',
            message: isApiError(cause, 'conflict')
              ? t('lists.categories.limit', { max: CATEGORIES_MAX })
              : failed(t, cause, 'lists.categories.addFailed'),
          }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            flex="2 1 12rem"
            label={t('lists.categories.newName')}
            placeholder={t('lists.categories.newNamePlaceholder')}
            required
            maxLength={CATEGORY_NAME_MAX_LENGTH}
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              if (error) setError(null);
            }}
          />
          <NativeSelect
            flex="1 1 8rem"
            label={t('lists.categories.color')}
            value={color}
            leftSection={<Swatch color={color} />}
            onChange={(event) => setColor(event.currentTarget.value as CategoryColor)}
            data={CATEGORY_COLORS.map((value) => ({
              value,
              label: t(`lists.categories.colors.${value}`),
            }))}
          />
        </Group>
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={create.isPending}
          >
            {t('lists.categories.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
