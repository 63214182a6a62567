import { EXPENSE_IMPORT_MAX_CHARS, type SplitwiseImportResult } from '@household/contracts';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List as BulletList,
  Modal,
  NativeSelect,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { groupBalancesQueryOptions } from '../api/queries';
import { useSplitwiseImport } from '../api/mutations';
import { moneyErrorKey } from '../money-errors';
import { formatCalendarDate } from '../../../lib/format';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';

type Columns = SplitwiseImportResult['columns'];

/** The value of the "not matched" choice of a person column. */
const UNMATCHED = '';

/**
 * docs/expenses.md "Splitwise import": a Splitwise CSV export is read in the browser, previewed by
 * the server (a dry run), its people matched with members, then imported in one go.
 */
export function SplitwiseImportModal({
  opened,
  groupId,
  currency,
  onClose,
}: {
  opened: boolean;
  groupId: number;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('money.import.title')} size="lg">
      {opened && <ImportFlow groupId={groupId} currency={currency} onDone={onClose} />}
    </Modal>
  );
}

function ImportFlow({
  groupId,
  currency,
  onDone,
}: {
  groupId: number;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const balances = useQuery(groupBalancesQueryOptions(api, groupId));
  const members = (balances.data?.members ?? [])
    .filter((member) => member.is_member)
    .map((member) => member.user);
  const run = useSplitwiseImport(groupId);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [preview, setPreview] = useState<SplitwiseImportResult | null>(null);
  const [columns, setColumns] = useState<Columns>([]);
  const [error, setError] = useState<string | null>(null);
  const reader = useRef<FileReader | null>(null);
  const readingId = useId();

  const check = (text: string, mapping?: Columns) => {
    setError(null);
    run.mutate(
      { content: text, dry_run: true, ...(mapping ? { columns: mapping } : {}) },
      {
        onSuccess: (result) => {
          setPreview(result);
          setColumns(result.columns);
        },
        onError: (failure) => setError(t(moneyErrorKey(failure, 'money.import.previewFailed'))),
      },
    );
  };

  const onFile = (chosen: File | null) => {
    reader.current?.abort();
    setFile(chosen);
    setPreview(null);
    setContent(null);
    setError(null);
    setProgress(null);
    if (!chosen) return;
    const next = new FileReader();
    reader.current = next;
    setProgress(0);
    next.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        setProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    next.onerror = () => {
      setProgress(null);
      setError(t('money.import.readFailed'));
    };
    next.onload = () => {
      setProgress(100);
      const text = typeof next.result === 'string' ? next.result : '';
      if (text.trim() === '') {
        setError(t('money.import.empty'));
        return;
      }
      if (text.length > EXPENSE_IMPORT_MAX_CHARS) {
        setError(t('money.errors.tooLarge'));
        return;
      }
      setContent(text);
      check(text);
    };
    next.readAsText(chosen);
  };

  const onMap = (name: string, value: string) => {
    const mapping = columns.map((column) =>
      column.name === name ? { name, user_id: value === UNMATCHED ? null : Number(value) } : column,
    );
    setColumns(mapping);
    if (content !== null) check(content, mapping);
  };

  const onImport = () => {
    if (content === null) return;
    setError(null);
    run.mutate(
      { content, dry_run: false, columns },
      {
        onSuccess: (result) => {
          notify({
            type: 'success',
            message: t('money.import.done', {
              expenses: t('money.import.expenses', { count: result.expenses }),
              payments: t('money.import.payments', { count: result.payments }),
            }),
          });
          onDone();
        },
        onError: (failure) => setError(t(moneyErrorKey(failure, 'money.import.failed'))),
      },
    );
  };

  const nameOf = (id: number | null) => {
    const person = members.find((member) => member.id === id);
    return personName(t, person ?? null, NAME_RULES.expenses);
  };
  const count = preview ? preview.expenses + preview.payments : 0;

  return (
    <Stack>
      <Text size="sm">{t('money.import.intro')}</Text>
      <FileInput
        label={t('money.import.file')}
        placeholder={t('money.import.choose')}
        accept=".csv,text/csv"
        clearable
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        value={file}
        onChange={onFile}
      />
      {progress !== null && progress < 100 && (
        <Stack gap={4}>
          <Text size="sm" id={readingId}>
            {t('money.import.reading', { percent: progress })}
          </Text>
          <Progress value={progress} aria-labelledby={readingId} animated />
        </Stack>
      )}
      {run.isPending && !preview && <Text size="sm">{t('money.import.checking')}</Text>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {preview && (
        <Stack gap="sm" aria-busy={run.isPending}>
          <Text fw={500} role="status">
            {count === 0
              ? t('money.import.nothing')
              : t('money.import.ready', {
                  expenses: t('money.import.expenses', { count: preview.expenses }),
                  payments: t('money.import.payments', { count: preview.payments }),
                })}
          </Text>
          {columns.length > 0 && (
            <Stack gap="xs">
              <Text fw={500} size="sm">
                {t('money.import.people')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('money.import.peopleHint')}
              </Text>
              {columns.map((column) => (
                <NativeSelect
                  key={column.name}
                  label={t('money.import.column', { name: column.name })}
                  value={column.user_id === null ? UNMATCHED : String(column.user_id)}
                  disabled={run.isPending}
                  data={[
                    { value: UNMATCHED, label: t('money.import.notMatched') },
                    ...members.map((member) => ({
                      value: String(member.id),
                      label: personName(t, member, NAME_RULES.expenses),
                    })),
                  ]}
                  onChange={(event) => onMap(column.name, event.currentTarget.value)}
                />
              ))}
            </Stack>
          )}
          {preview.preview.length > 0 && (
            <PreviewTable preview={preview} currency={currency} nameOf={nameOf} />
          )}
          {preview.skipped.length > 0 && (
            <Alert
              color="yellow"
              title={t('money.import.skipped', { count: preview.skipped.length })}
            >
              <BulletList size="sm" spacing={4} data-testid="skipped-rows">
                {preview.skipped.map((skip) => (
                  <BulletList.Item key={`${skip.row}-${skip.reason}`}>
                    {t('money.import.skippedRow', {
                      row: skip.row,
                      reason: t(`money.import.reasons.${skip.reason}`),
                    })}
                    {skip.text && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {skip.text}
                      </Text>
                    )}
                  </BulletList.Item>
                ))}
              </BulletList>
            </Alert>
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('app.cancel')}
        </Button>
        <Button
          onClick={onImport}
          disabled={!preview || count === 0 || (run.isPending && run.variables?.dry_run !== false)}
          loading={run.isPending && run.variables?.dry_run === false}
        >
          {t('money.import.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function PreviewTable({
  preview,
  currency,
  nameOf,
}: {
  preview: SplitwiseImportResult;
  currency: string;
  nameOf: (id: number | null) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480} type="native" tabIndex={0}>
      <Table striped fz="sm" captionSide="top">
        <Table.Caption style={{ textAlign: 'start', fontWeight: 500 }}>
          {t('money.import.firstRows')}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('money.import.row')}</Table.Th>
            <Table.Th>{t('money.import.date')}</Table.Th>
            <Table.Th>{t('money.import.description')}</Table.Th>
            <Table.Th ta="right">{t('money.import.amount')}</Table.Th>
            <Table.Th>{t('money.import.who')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.preview.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{formatCalendarDate(row.date, i18n.language)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {row.kind === 'payment' ? t('money.import.payment') : row.description}
              </Table.Td>
              <Table.Td ta="right">{money(row.amount_cents, currency, i18n.language)}</Table.Td>
              <Table.Td>
                {row.kind === 'payment'
                  ? t('money.import.paymentWho', {
                      from: nameOf(row.from_id),
                      to: nameOf(row.to_id),
                    })
                  : t('money.import.expenseWho', { name: nameOf(row.from_id) })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
