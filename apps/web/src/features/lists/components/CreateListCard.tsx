import { zodResolver } from '@hookform/resolvers/zod';
import {
  LIST_DESCRIPTION_MAX_LENGTH,
  LIST_NAME_MAX_LENGTH,
  SHOP_NAME_MAX_LENGTH,
  type GroupSummary,
} from '@household/contracts';
import {
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../../../lib/forms';
import type { TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { useCreateList } from '../api/list-mutations';

const PERSONAL = 'personal';

const createListSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'lists.create.nameRequired' satisfies TranslationKey)
    .max(LIST_NAME_MAX_LENGTH, 'lists.create.nameTooLong' satisfies TranslationKey),
  description: z
    .string()
    .trim()
    .max(LIST_DESCRIPTION_MAX_LENGTH, 'lists.create.descriptionTooLong' satisfies TranslationKey),
  shop: z
    .string()
    .trim()
    .max(SHOP_NAME_MAX_LENGTH, 'lists.create.shopTooLong' satisfies TranslationKey),
  space: z.string(),
});
type CreateListValues = z.infer<typeof createListSchema>;

/** spec §2 Lists page: the create-list card; on a group's page the group is preselected. */
export function CreateListCard({
  groups,
  groupId,
  focus,
}: {
  groups: GroupSummary[];
  groupId: number | null;
  /** The group card's New list button opens the page with `?new=1`: the name field gets focus. */
  focus: boolean;
}) {
  const { t } = useTranslation();
  const createList = useCreateList();
  const initialSpace = groupId === null ? PERSONAL : String(groupId);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<CreateListValues>({
    resolver: zodResolver(createListSchema),
    defaultValues: { name: '', description: '', shop: '', space: initialSpace },
  });
  const nameRef = useRef<HTMLInputElement | null>(null);
  const { ref: nameFieldRef, ...nameField } = register('name');

  useEffect(() => {
    if (!getFieldState('space').isDirty) setValue('space', initialSpace);
  }, [initialSpace, getFieldState, setValue]);

  useEffect(() => {
    if (!focus) return;
    nameRef.current?.focus();
    nameRef.current?.scrollIntoView({ block: 'center' });
  }, [focus]);

  const onSubmit = ({ name, description, shop, space }: CreateListValues) =>
    createList.mutate(
      {
        name,
        ...(description ? { description } : {}),
        ...(shop ? { shop } : {}),
        group_id: space === PERSONAL ? null : Number(space),
      },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('lists.create.success') });
          reset({ name: '', description: '', shop: '', space });
        },
        onError: () => notify({ type: 'error', message: t('lists.create.failed') }),
      },
    );

  // A group page that is not (yet) among my groups still offers its own id.
  const hasGroup = groupId === null || groups.some((group) => group.id === groupId);
  const options = [
    { value: PERSONAL, label: t('lists.create.personal') },
    ...groups.map((group) => ({ value: String(group.id), label: group.name })),
    ...(hasGroup ? [] : [{ value: String(groupId), label: String(groupId) }]),
  ];

  return (
    <Card withBorder padding="lg" component="section" aria-label={t('lists.create.title')}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('lists.create.title')}
          </Title>
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              label={t('lists.fields.name')}
              required
              miw={200}
              error={errorText(t, errors.name)}
              {...nameField}
              ref={(element) => {
                nameFieldRef(element);
                nameRef.current = element;
              }}
            />
            <NativeSelect
              label={t('lists.fields.space')}
              miw={200}
              data={options}
              {...register('space')}
            />
          </Group>
          <Textarea
            label={t('lists.fields.description')}
            autosize
            minRows={1}
            error={errorText(t, errors.description)}
            {...register('description')}
          />
          <TextInput
            label={t('lists.fields.shop')}
            description={t('lists.fields.shopHint')}
            placeholder={t('lists.fields.shopPlaceholder')}
            error={errorText(t, errors.shop)}
            {...register('shop')}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconPlus size={16} aria-hidden />}
              loading={createList.isPending}
            >
              {t('lists.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
