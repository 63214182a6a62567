import type { Report } from '@household/contracts';
import { minorUnitDigits } from '@household/domain';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { downloadReportCsv } from '../api/downloads';
import { reportQueryOptions } from '../api/queries';
import { type ReportRange } from '../api/keys';
import { moneyErrorKey, moneyLoadErrorKey } from '../money-errors';
import { formatMonth } from '../format';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { MoneySection } from './MoneySection';

const SpendingCharts = lazy(() =>
  import('./SpendingCharts').then((m) => ({ default: m.SpendingCharts })),
);

type View = 'chart' | 'table';

/**
 * Spending in a date range (GET /reports): by category and by month as charts with the same
 * figures as tables, by member for a group, and the same report as a CSV file.
 */
export function SpendingReport({
  groupId,
  currency,
}: {
  /** Null: my own spending across groups and personal expenses. */
  groupId: number | null;
  /** The currency shown first when the report has several. */
  currency?: string;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [view, setView] = useState<View>('chart');
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const rangeValid = !(from && to && from > to);
  const range: ReportRange = { groupId, from: from || null, to: to || null };
  const report = useQuery({ ...reportQueryOptions(api, range), enabled: rangeValid });

  const onDownload = () => {
    setDownloading(true);
    downloadReportCsv(api, range)
      .catch((error: unknown) =>
        notify({ type: 'error', message: t(moneyErrorKey(error, 'money.report.downloadFailed')) }),
      )
      .finally(() => setDownloading(false));
  };

  const currencies = report.data?.totals.map((total) => total.currency) ?? [];
  const shownCurrency =
    [chosenCurrency, currency].find((c) => c && currencies.includes(c)) ?? currencies[0] ?? null;

  return (
    <MoneySection
      title={groupId === null ? t('money.report.myTitle') : t('money.report.title')}
      actions={
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={downloading}
          disabled={!rangeValid}
          onClick={onDownload}
        >
          {t('money.report.download')}
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          type="date"
          label={t('money.report.from')}
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('money.report.to')}
          value={to}
          min={from || undefined}
          error={rangeValid ? undefined : t('money.report.rangeInvalid')}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('money.report.rangeHint')}
      </Text>
      {!rangeValid ? null : report.isPending ? (
        <PageLoader size="sm" py="sm" />
      ) : report.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t(moneyLoadErrorKey(report.error, 'money.report.loadFailed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void report.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      ) : shownCurrency === null ? (
        <Text c="dimmed">{t('money.report.empty')}</Text>
      ) : (
        <ReportFigures
          report={report.data}
          currency={shownCurrency}
          currencies={currencies}
          onCurrency={setChosenCurrency}
          view={view}
          onView={setView}
          withMembers={groupId !== null}
        />
      )}
    </MoneySection>
  );
}

function ReportFigures({
  report,
  currency,
  currencies,
  onCurrency,
  view,
  onView,
  withMembers,
}: {
  report: Report;
  currency: string;
  currencies: string[];
  onCurrency: (currency: string) => void;
  view: View;
  onView: (view: View) => void;
  withMembers: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = (cents: number) => money(cents, currency, locale);
  const unit = 10 ** minorUnitDigits(currency);
  const total = report.totals.find((row) => row.currency === currency)?.total_cents ?? 0;
  const byCategory = report.by_category
    .filter((row) => row.currency === currency)
    .sort((a, b) => b.total_cents - a.total_cents)
    .map((row) => ({
      key: String(row.category_id ?? 'none'),
      label: row.name ?? t('money.report.uncategorized'),
      cents: row.total_cents,
    }));
  const byMonth = report.by_month
    .filter((row) => row.currency === currency)
    .map((row) => ({
      key: row.month,
      label: formatMonth(row.month, locale),
      cents: row.total_cents,
    }));
  const byMember = report.by_member.filter((row) => row.currency === currency);
  const toBars = (rows: { label: string; cents: number }[]) =>
    rows.map((row) => ({ label: row.label, amount: row.cents / unit }));

  // Read out beside the charts (`hidden`: no scroll box, which would be an invisible tab stop).
  const categoryTable = (hidden: boolean) => (
    <FigureTable
      hidden={hidden}
      caption={t('money.report.byCategory')}
      headers={[t('money.report.category'), t('money.report.amount')]}
      rows={byCategory.map((row) => ({ key: row.key, cells: [row.label, format(row.cents)] }))}
    />
  );
  const monthTable = (hidden: boolean) => (
    <FigureTable
      hidden={hidden}
      caption={t('money.report.byMonth')}
      headers={[t('money.report.month'), t('money.report.amount')]}
      rows={byMonth.map((row) => ({ key: row.key, cells: [row.label, format(row.cents)] }))}
    />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
        <Text fw={600} data-testid="report-total">
          {t('money.report.total', { amount: format(total) })}
        </Text>
        <Group gap="xs" align="flex-end">
          {currencies.length > 1 && (
            <NativeSelect
              size="xs"
              label={t('money.report.currency')}
              data={currencies}
              value={currency}
              onChange={(event) => onCurrency(event.currentTarget.value)}
            />
          )}
          <SegmentedControl
            size="xs"
            aria-label={t('money.report.view')}
            value={view}
            onChange={(value) => onView(value as View)}
            data={[
              { value: 'chart', label: t('money.report.viewChart') },
              { value: 'table', label: t('money.report.viewTable') },
            ]}
          />
        </Group>
      </Group>
      {view === 'chart' ? (
        <>
          <Suspense fallback={<PageLoader size="sm" py="sm" />}>
            <SpendingCharts
              byCategory={toBars(byCategory)}
              byMonth={toBars(byMonth)}
              categoryTitle={t('money.report.byCategory')}
              monthTitle={t('money.report.byMonth')}
              amountLabel={t('money.report.amount')}
              formatAmount={(amount) => format(Math.round(amount * unit))}
            />
          </Suspense>
          {/* The charts' text alternative: the same figures, read out by assistive technology. */}
          <VisuallyHidden>
            {categoryTable(true)}
            {monthTable(true)}
          </VisuallyHidden>
        </>
      ) : (
        <>
          {categoryTable(false)}
          {monthTable(false)}
        </>
      )}
      {withMembers && byMember.length > 0 && (
        <FigureTable
          caption={t('money.report.byMember')}
          headers={[t('money.report.member'), t('money.report.consumed'), t('money.report.paid')]}
          rows={byMember.map((row) => ({
            key: String(row.user.id),
            cells: [
              personName(t, row.user, NAME_RULES.expenses),
              format(row.total_cents),
              format(row.paid_cents),
            ],
          }))}
        />
      )}
    </Stack>
  );
}

/**
 * A small table of figures with a caption, its amounts right-aligned. On screen it scrolls
 * sideways in a box the keyboard can reach; `hidden` (for assistive technology only) it has none.
 */
function FigureTable({
  caption,
  headers,
  rows,
  hidden = false,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  hidden?: boolean;
}) {
  const table = (
    <Table striped captionSide="top" fz="sm">
      <Table.Caption style={{ textAlign: 'start', fontWeight: 500 }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {headers.map((header, index) => (
            <Table.Th key={header} ta={index === 0 ? undefined : 'right'}>
              {header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) => (
              <Table.Td key={index} ta={index === 0 ? undefined : 'right'}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (hidden) return table;
  return (
    <Table.ScrollContainer minWidth={260} type="native" tabIndex={0}>
      {table}
    </Table.ScrollContainer>
  );
}
