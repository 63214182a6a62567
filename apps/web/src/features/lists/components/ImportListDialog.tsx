import type { GroupSummary } from '@household/contracts';
import {
  Button,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImportResultSummary } from './ImportResultSummary';
import { PERSONAL, useImportForm, type ImportFormat } from './use-import-form';

/** docs/lists.md "Import": pasted text or an uploaded CSV/JSON export becomes a new list. */
export function ImportListDialog({
  groups,
  groupId,
}: {
  groups: GroupSummary[];
  groupId: number | null;
}) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} aria-hidden />}
        onClick={modal.open}
      >
        {t('lists.import.button')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('lists.import.title')} size="lg">
        {opened && <ImportForm groups={groups} groupId={groupId} onDone={modal.close} />}
      </Modal>
    </>
  );
}

function ImportForm({
  groups,
  groupId,
  onDone,
}: {
  groups: GroupSummary[];
  groupId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useImportForm(groupId);

  if (form.result) return <ImportResultSummary result={form.result} onDone={onDone} />;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack>
        <NativeSelect
          label={t('lists.import.format')}
          value={form.format}
          onChange={(event) => form.setFormat(event.currentTarget.value as ImportFormat)}
          data={[
            { value: 'text', label: t('lists.import.formats.text') },
            { value: 'csv', label: t('lists.import.formats.csv') },
            { value: 'json', label: t('lists.import.formats.json') },
          ]}
        />
        <Textarea
          label={t('lists.import.content')}
          description={t('lists.import.contentHint')}
          autosize
          minRows={5}
          maxRows={14}
          value={form.content}
          error={form.error}
          onChange={(event) => form.setContent(event.currentTarget.value)}
        />
        <FileInput
          label={t('lists.import.file')}
          accept=".csv,.json,.txt,text/csv,application/json,text/plain"
          clearable
          onChange={(file) => void form.onFile(file)}
        />
        <TextInput
          label={t('lists.import.name')}
          value={form.name}
          onChange={(event) => form.setName(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('lists.fields.space')}
          value={form.space}
          onChange={(event) => form.setSpace(event.currentTarget.value)}
          data={[
            { value: PERSONAL, label: t('lists.create.personal') },
            ...groups.map((group) => ({ value: String(group.id), label: group.name })),
          ]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={form.isPending}>
            {t('lists.import.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
