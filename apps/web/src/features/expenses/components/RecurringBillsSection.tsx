import type { ExpenseSeries } from '@household/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { PageLoader } from '../../../components/PageLoader';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { expenseSeriesQueryOptions } from '../api/queries';
import { useSeriesAction } from '../api/series-mutations';
import { moneyLoadErrorKey } from '../money-errors';
import { MoneySection, PlainList } from './MoneySection';
import { seriesErrorKey } from './series-errors';
import { SeriesRow } from './SeriesRow';

const ExpenseFormModal = lazy(() =>
  import('./ExpenseFormModal').then((m) => ({ default: m.ExpenseFormModal })),
);

/**
 * Issue 26 §1 "Recurring bills": a group's (or my personal) series, each with its rule in words,
 * its next date and status, the amounts a variable bill waits for, and pause or resume, skip the
 * next one, end and edit.
 */
export function RecurringBillsSection({
  groupId,
  canChange,
  hideWhenEmpty = false,
}: {
  /** A group's bills; null: my personal ones. */
  groupId: number | null;
  /** Whether I may change a bill (who added or pays it, or a group admin). */
  canChange: (series: ExpenseSeries) => boolean;
  /** Where recurring bills are rare (my expenses page), nothing is shown until there is one. */
  hideWhenEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const series = useQuery(expenseSeriesQueryOptions(api, groupId));
  const [editing, setEditing] = useState<ExpenseSeries | null>(null);
  const [ending, setEnding] = useState<ExpenseSeries | null>(null);
  const end = useSeriesAction();
  const title = t('expenses.series.title');

  if (hideWhenEmpty && (series.data?.length ?? 0) === 0) return null;

  const confirmEnd = () => {
    if (!ending) return;
    end.mutate(
      { series: ending, action: { kind: 'end' } },
      {
        onSuccess: () => notify({ type: 'success', message: t('expenses.series.ended') }),
        onError: (cause) =>
          notify({ type: 'error', message: t(seriesErrorKey(cause, 'expenses.series.failed')) }),
        onSettled: () => setEnding(null),
      },
    );
  };

  return (
    <MoneySection title={title}>
      {series.isPending ? (
        <PageLoader size="sm" py="sm" />
      ) : series.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {t(moneyLoadErrorKey(series.error, 'expenses.series.loadFailed'))}
            </Text>
            <Button size="xs" variant="default" onClick={() => void series.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      ) : series.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('expenses.series.empty')}
        </Text>
      ) : (
        <PlainList label={title}>
          {series.data.map((one) => (
            <SeriesRow
              key={one.id}
              series={one}
              canChange={canChange(one)}
              onEdit={() => setEditing(one)}
              onEnd={() => setEnding(one)}
            />
          ))}
        </PlainList>
      )}
      <LoadWhenOpened opened={editing !== null}>
        {(opened) => (
          <ExpenseFormModal
            opened={opened}
            target={editing ? { series: editing } : null}
            onClose={() => setEditing(null)}
          />
        )}
      </LoadWhenOpened>
      <ConfirmModal
        opened={ending !== null}
        title={t('expenses.series.endTitle')}
        text={ending ? t('expenses.series.endText', { description: ending.description }) : ''}
        confirmLabel={t('expenses.series.end')}
        loading={end.isPending}
        onConfirm={confirmEnd}
        onClose={() => setEnding(null)}
      />
    </MoneySection>
  );
}
