import type { PersonRef, SplitwiseImportResult } from '@household/contracts';
import {
  Alert,
  List as BulletList,
  Button,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/format';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { UNMATCHED, type ImportColumns, type ImportRates } from './use-splitwise-import-flow';

/** What the server's dry run found: how much would be imported, whom, its first rows, what not. */
export function SplitwiseImportPreview({
  preview,
  columns,
  members,
  rates,
  pending,
  currency,
  onMap,
  onRate,
  onApplyRates,
  nameOf,
}: {
  preview: SplitwiseImportResult;
  columns: ImportColumns;
  members: PersonRef[];
  rates: ImportRates;
  pending: boolean;
  currency: string;
  onMap: (name: string, value: string) => void;
  onRate: (currency: string, rate: string) => void;
  onApplyRates: () => void;
  nameOf: (id: number | null) => string;
}) {
  const { t } = useTranslation();
  const count = preview.expenses + preview.payments;
  return (
    <Stack gap="sm" aria-busy={pending}>
      <Text fw={500} role="status">
        {count === 0
          ? t('money.import.nothing')
          : t('money.import.ready', {
              expenses: t('money.import.expenses', { count: preview.expenses }),
              payments: t('money.import.payments', { count: preview.payments }),
            })}
      </Text>
      {columns.length > 0 && (
        <PersonColumns columns={columns} members={members} disabled={pending} onMap={onMap} />
      )}
      {Object.keys(rates).length > 0 && (
        <RateFields
          rates={rates}
          missing={preview.missing_rates}
          home={currency}
          disabled={pending}
          onRate={onRate}
          onApply={onApplyRates}
        />
      )}
      {preview.preview.length > 0 && (
        <PreviewTable preview={preview} currency={currency} nameOf={nameOf} />
      )}
      {preview.skipped.length > 0 && <SkippedRows skipped={preview.skipped} />}
    </Stack>
  );
}

/** A choice of member per person column of the file: who that column is here. */
function PersonColumns({
  columns,
  members,
  disabled,
  onMap,
}: {
  columns: ImportColumns;
  members: PersonRef[];
  disabled: boolean;
  onMap: (name: string, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
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
          disabled={disabled}
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
  );
}

/**
 * docs/expenses.md "Splitwise import": rows in a currency the group has no rate for are skipped
 * until one is given here; the rates given are saved as the group's when the file is imported.
 */
function RateFields({
  rates,
  missing,
  home,
  disabled,
  onRate,
  onApply,
}: {
  rates: ImportRates;
  missing: string[];
  home: string;
  disabled: boolean;
  onRate: (currency: string, rate: string) => void;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('money.import.ratesTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('money.import.ratesHint', { home })}
      </Text>
      {Object.entries(rates).map(([currency, rate]) => (
        <TextInput
          key={currency}
          label={t('money.import.rateFor', { currency, home })}
          description={missing.includes(currency) ? t('money.import.rateMissing') : undefined}
          inputMode="decimal"
          autoComplete="off"
          value={rate}
          disabled={disabled}
          onChange={(event) => onRate(currency, event.currentTarget.value)}
        />
      ))}
      <Button
        variant="light"
        onClick={onApply}
        disabled={disabled || Object.values(rates).every((rate) => rate.trim() === '')}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('money.import.applyRates')}
      </Button>
    </Stack>
  );
}

function SkippedRows({ skipped }: { skipped: SplitwiseImportResult['skipped'] }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('money.import.skipped', { count: skipped.length })}>
      <BulletList size="sm" spacing={4} data-testid="skipped-rows">
        {skipped.map((skip) => (
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
              <Table.Td ta="right">
                {row.original
                  ? t('expenses.card.bothAmounts', {
                      original: money(
                        row.original.amount_minor,
                        row.original.currency,
                        i18n.language,
                      ),
                      home: money(row.amount_cents, currency, i18n.language),
                    })
                  : money(row.amount_cents, currency, i18n.language)}
              </Table.Td>
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
