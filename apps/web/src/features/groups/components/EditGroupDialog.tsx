import type { Group } from '@household/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group as Row, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { useUpdateGroup } from '../api/mutations';
import { actionErrorKey } from '../errors';
import { editGroupSchema, type EditGroupValues } from '../schemas';

/** edit_group: name and description, sent with the version they were based on. */
export function EditGroupDialog({ group }: { group: Group }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={modal.open}
      >
        {t('groups.edit.button')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('groups.edit.title')}>
        {opened && <EditGroupForm group={group} onDone={modal.close} />}
      </Modal>
    </>
  );
}

function EditGroupForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateGroup(group.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditGroupValues>({
    resolver: zodResolver(editGroupSchema),
    defaultValues: { name: group.name, description: group.description },
  });

  const onSubmit = (values: EditGroupValues) =>
    update.mutate(
      { version: group.version, ...values },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('groups.edit.saved') });
          onDone();
        },
        onError: (error) =>
          notify({ type: 'error', message: t(actionErrorKey(error, 'groups.edit.failed')) }),
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
        <Row justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('app.save')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
