import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { errorText } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { preferencesQueryOptions } from '../../../lib/shared-queries';
import { useCreateGroup } from '../api/mutations';
import { currencyOptions } from '../../../lib/currencies';
import { createGroupSchema, type CreateGroupValues } from '../schemas';

const DEFAULT_CURRENCY = 'EUR';

/** spec §2 Groups page: the create-group dialog; the creator becomes the group's owner. */
export function CreateGroupDialog() {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={modal.open}>
        {t('groups.create.button')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('groups.create.title')}>
        {opened && <CreateGroupForm onDone={modal.close} />}
      </Modal>
    </>
  );
}

function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const preferences = useQuery(preferencesQueryOptions(useApi()));
  const createGroup = useCreateGroup();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    getFieldState,
    formState: { errors },
  } = useForm<CreateGroupValues>({
    resolver: zodResolver(createGroupSchema),
    defaultValues: {
      name: '',
      description: '',
      currency: preferences.data?.currency ?? DEFAULT_CURRENCY,
    },
  });

  // The preferred currency preselects the select once known, unless the person chose already.
  const preferred = preferences.data?.currency;
  useEffect(() => {
    if (preferred && !getFieldState('currency').isDirty) setValue('currency', preferred);
  }, [preferred, getFieldState, setValue]);

  const onSubmit = ({ name, description, currency }: CreateGroupValues) =>
    createGroup.mutate(
      { name, currency, ...(description ? { description } : {}) },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('groups.create.success') });
          onDone();
        },
        onError: () => notify({ type: 'error', message: t('groups.create.failed') }),
      },
    );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('groups.fields.name')}
          required
          data-autofocus
          error={errorText(t, errors.name)}
          {...register('name')}
        />
        <Textarea
          label={t('groups.fields.description')}
          autosize
          minRows={2}
          error={errorText(t, errors.description)}
          {...register('description')}
        />
        <NativeSelect
          label={t('settings.currency')}
          data={currencyOptions(i18n.language, watch('currency'))}
          {...register('currency')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={createGroup.isPending}>
            {t('groups.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
