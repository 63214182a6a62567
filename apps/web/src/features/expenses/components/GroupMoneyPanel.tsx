import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileExport, IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { balanceSummaryQueryOptions } from '../api/queries';
import { downloadGroupExport } from '../api/downloads';
import { moneyErrorKey, moneyLoadErrorKey } from '../money-errors';
import { ExchangeRatesCard } from './ExchangeRatesCard';
import { GroupBalancesCard } from './GroupBalancesCard';
import { MoneySection } from './MoneySection';
import { SettlementsCard } from './SettlementsCard';
import { SpendingReport } from './SpendingReport';
import { PairwiseDebts } from './PairwiseDebts';
import { SuggestedTransfers } from './SuggestedTransfers';

const SplitwiseImportModal = lazy(() =>
  import('./SplitwiseImportModal').then((m) => ({ default: m.SplitwiseImportModal })),
);

/**
 * A group's money at a glance (docs/expenses.md "Money overview screens"): balances, the payments
 * that settle them, the payments made, spending in a date range, and CSV export and import.
 */
export function GroupMoneyPanel({ groupId, currency }: { groupId: number; currency: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const summary = useQuery(balanceSummaryQueryOptions(api, groupId));
  const [view, setView] = useState<'simplified' | 'pairwise'>('simplified');

  return (
    <Stack gap="md">
      {summary.isPending ? (
        <PageLoader size="sm" py="md" />
      ) : summary.isError ? (
        <Alert color="red" role="alert" title={t('money.loadFailed')}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t(moneyLoadErrorKey(summary.error, 'errors.generic'))}</Text>
            <Button size="xs" variant="default" onClick={() => void summary.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <GroupBalancesCard summary={summary.data} />
          <SegmentedControl
            aria-label={t('money.views.label')}
            value={view}
            onChange={(value) => setView(value === 'pairwise' ? 'pairwise' : 'simplified')}
            data={[
              { value: 'simplified', label: t('money.views.simplified') },
              { value: 'pairwise', label: t('money.views.pairwise') },
            ]}
          />
          {view === 'simplified' ? (
            <SuggestedTransfers summary={summary.data} />
          ) : (
            <PairwiseDebts summary={summary.data} />
          )}
          <SettlementsCard
            groupId={groupId}
            currency={summary.data.currency}
            members={summary.data.members}
            pairwise={summary.data.pairwise}
          />
        </>
      )}
      <SpendingReport groupId={groupId} currency={summary.data?.currency ?? currency} />
      <ExchangeRatesCard groupId={groupId} currency={summary.data?.currency ?? currency} />
      <ImportExportCard groupId={groupId} currency={summary.data?.currency ?? currency} />
    </Stack>
  );
}

function ImportExportCard({ groupId, currency }: { groupId: number; currency: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const onExport = () => {
    setExporting(true);
    downloadGroupExport(api, groupId)
      .catch((error: unknown) =>
        notify({ type: 'error', message: t(moneyErrorKey(error, 'money.export.failed')) }),
      )
      .finally(() => setExporting(false));
  };

  return (
    <MoneySection title={t('money.export.title')}>
      <Text size="sm" c="dimmed">
        {t('money.export.text')}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconFileExport size={16} aria-hidden />}
          loading={exporting}
          onClick={onExport}
        >
          {t('money.export.export')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={() => setImporting(true)}
        >
          {t('money.export.import')}
        </Button>
      </Group>
      <LoadWhenOpened opened={importing}>
        {(opened) => (
          <SplitwiseImportModal
            opened={opened}
            groupId={groupId}
            currency={currency}
            onClose={() => setImporting(false)}
          />
        )}
      </LoadWhenOpened>
    </MoneySection>
  );
}
