import type { Report } from '@household/contracts';
import { Alert, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { downloadReportCsv } from '../api/downloads';
import { reportQueryOptions } from '../api/queries';
import { type ReportRange } from '../api/keys';
import { moneyErrorKey, moneyLoadErrorKey } from '../money-errors';
import { NAME_RULES, personName } from '../../../lib/people';
import { FigureTable } from './FigureTable';
import { MoneySection } from './MoneySection';
import { ReportRangeFields } from './ReportRangeFields';
import { ReportToolbar, type ReportView } from './ReportToolbar';
import { useReportFigures, type FigureRow } from './use-report-figures';

const SpendingCharts = lazy(() =>
  import('./SpendingCharts').then((m) => ({ default: m.SpendingCharts })),
);

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
  const [view, setView] = useState<ReportView>('chart');
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
      <ReportRangeFields
        from={from}
        to={to}
        onFrom={setFrom}
        onTo={setTo}
        rangeValid={rangeValid}
      />
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
  view: ReportView;
  onView: (view: ReportView) => void;
  withMembers: boolean;
}) {
  const { t } = useTranslation();
  const { total, byCategory, byMonth, byMember, format, formatAmount, toBars } = useReportFigures(
    report,
    currency,
  );
  const tables = { byCategory, byMonth, format };

  return (
    <Stack gap="sm">
      <ReportToolbar
        total={format(total)}
        currency={currency}
        currencies={currencies}
        onCurrency={onCurrency}
        view={view}
        onView={onView}
      />
      {view === 'chart' ? (
        <>
          <Suspense fallback={<PageLoader size="sm" py="sm" />}>
            <SpendingCharts
              byCategory={toBars(byCategory)}
              byMonth={toBars(byMonth)}
              categoryTitle={t('money.report.byCategory')}
              monthTitle={t('money.report.byMonth')}
              amountLabel={t('money.report.amount')}
              formatAmount={formatAmount}
            />
          </Suspense>
          {/* The charts' text alternative: the same figures, read out by assistive technology. */}
          <VisuallyHidden>
            <CategoryAndMonthTables hidden {...tables} />
          </VisuallyHidden>
        </>
      ) : (
        <CategoryAndMonthTables hidden={false} {...tables} />
      )}
      {withMembers && byMember.length > 0 && <MemberTable rows={byMember} format={format} />}
    </Stack>
  );
}

/**
 * Spending by category and by month as tables: on screen, or read out beside the charts (`hidden`:
 * no scroll box, which would be an invisible tab stop).
 */
function CategoryAndMonthTables({
  hidden,
  byCategory,
  byMonth,
  format,
}: {
  hidden: boolean;
  byCategory: FigureRow[];
  byMonth: FigureRow[];
  format: (cents: number) => string;
}) {
  const { t } = useTranslation();
  const cells = (rows: FigureRow[]) =>
    rows.map((row) => ({ key: row.key, cells: [row.label, format(row.cents)] }));
  return (
    <>
      <FigureTable
        hidden={hidden}
        caption={t('money.report.byCategory')}
        headers={[t('money.report.category'), t('money.report.amount')]}
        rows={cells(byCategory)}
      />
      <FigureTable
        hidden={hidden}
        caption={t('money.report.byMonth')}
        headers={[t('money.report.month'), t('money.report.amount')]}
        rows={cells(byMonth)}
      />
    </>
  );
}

/** What each member consumed and paid. */
function MemberTable({
  rows,
  format,
}: {
  rows: Report['by_member'];
  format: (cents: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <FigureTable
      caption={t('money.report.byMember')}
      headers={[t('money.report.member'), t('money.report.consumed'), t('money.report.paid')]}
      rows={rows.map((row) => ({
        key: String(row.user.id),
        cells: [
          personName(t, row.user, NAME_RULES.expenses),
          format(row.total_cents),
          format(row.paid_cents),
        ],
      }))}
    />
  );
}
