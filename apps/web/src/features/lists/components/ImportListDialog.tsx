import { IMPORT_MAX_CHARS, type GroupSummary, type ImportResult } from '@household/contracts';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List as BulletList,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { useImportList } from '../api/list-mutations';

type ImportFormat = 'text' | 'csv' | 'json';
const PERSONAL = 'personal';

function formatOf(fileName: string): ImportFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return 'text';
}

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
  const importList = useImportList();
  const [format, setFormat] = useState<ImportFormat>('text');
  const [content, setContent] = useState('');
  const [name, setName] = useState('');
  const [space, setSpace] = useState(groupId === null ? PERSONAL : String(groupId));
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const onFile = async (file: File | null) => {
    if (!file) return;
    setFormat(formatOf(file.name));
    setContent(await file.text());
    if (!name) setName(file.name.replace(/\.[^.]+$/, ''));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') {
      setError(t('lists.import.contentRequired'));
      return;
    }
    if (content.length > IMPORT_MAX_CHARS) {
      setError(t('lists.import.tooLong'));
      return;
    }
    setError(null);
    importList.mutate(
      {
        format,
        content,
        ...(name.trim() ? { name: name.trim() } : {}),
        group_id: space === PERSONAL ? null : Number(space),
      },
      {
        onSuccess: (answer) => {
          setResult(answer);
          notify({
            type: 'success',
            message: t('lists.import.success', { count: answer.imported }),
          });
        },
        onError: () => notify({ type: 'error', message: t('lists.import.failed') }),
      },
    );
  };

  if (result) {
    return (
      <Stack>
        <Text role="status">
          {t('lists.import.result', { count: result.imported, name: result.list.name })}
        </Text>
        {result.skipped.length > 0 && (
          <Alert color="yellow" title={t('lists.import.skipped', { count: result.skipped.length })}>
            <BulletList size="sm" spacing={4}>
              {result.skipped.map((skip) => (
                <BulletList.Item key={`${skip.line}-${skip.text}`}>
                  {t('lists.import.skippedLine', {
                    line: skip.line,
                    text: skip.text,
                    reason: skip.reason,
                  })}
                </BulletList.Item>
              ))}
            </BulletList>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('lists.import.close')}
          </Button>
          <Button component={Link} to={paths.list(result.list.id)} onClick={onDone}>
            {t('lists.import.open')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <NativeSelect
          label={t('lists.import.format')}
          value={format}
          onChange={(event) => setFormat(event.currentTarget.value as ImportFormat)}
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
          value={content}
          error={error}
          onChange={(event) => setContent(event.currentTarget.value)}
        />
        <FileInput
          label={t('lists.import.file')}
          accept=".csv,.json,.txt,text/csv,application/json,text/plain"
          clearable
          onChange={(file) => void onFile(file)}
        />
        <TextInput
          label={t('lists.import.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('lists.fields.space')}
          value={space}
          onChange={(event) => setSpace(event.currentTarget.value)}
          data={[
            { value: PERSONAL, label: t('lists.create.personal') },
            ...groups.map((group) => ({ value: String(group.id), label: group.name })),
          ]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={importList.isPending}>
            {t('lists.import.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
