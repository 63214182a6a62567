import { ZSettlement, type BalanceSummary, type Settlement } from '@household/contracts';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { LoadWhenOpened } from '../../../components/LoadWhenOpened';
import { PageLoader } from '../../../components/PageLoader';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { notify } from '../../../lib/toasts';
import { settlementsQueryOptions } from '../api/queries';
import { useDeleteSettlement } from '../api/mutations';
import { moneyErrorKey, moneyLoadErrorKey } from '../money-errors';
import { formatCalendarDate } from '../../../lib/format';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { MoneySection, PlainList } from './MoneySection';
import { pairPaymentSentence } from './PairwiseDebts';

const SettlementFormModal = lazy(() =>
  import('./SettlementFormModal').then((m) => ({ default: m.SettlementFormModal })),
);

type Member = BalanceSummary['members'][number];
type Debt = BalanceSummary['pairwise'][number];

/** The group's payments: recorded here or from a transfer, edited and deleted with their version. */
export function SettlementsCard({
  groupId,
  currency,
  members,
  pairwise = [],
}: {
  groupId: number;
  currency: string;
  members: Member[];
  /** What each owes each directly: a payment row says what it did to the debt between the two. */
  pairwise?: Debt[];
}) {
  const { t } = useTranslation();
  const api = useApi();
  const settlements = useInfiniteQuery(settlementsQueryOptions(api, groupId));
  const [form, setForm] = useState<{ opened: boolean; settlement: Settlement | null }>({
    opened: false,
    settlement: null,
  });
  const [deleting, setDeleting] = useState<Settlement | null>(null);
  const title = t('money.settlements.title');
  const items = settlements.data?.pages.flatMap((page) => page.items) ?? [];
  const currentMembers = members.filter((member) => member.is_member).map((m) => m.user);

  return (
    <MoneySection
      title={title}
      actions={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setForm({ opened: true, settlement: null })}
        >
          {t('money.settlements.add')}
        </Button>
      }
    >
      {settlements.isPending ? (
        <PageLoader size="sm" py="sm" />
      ) : settlements.isError && items.length === 0 ? (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {t(moneyLoadErrorKey(settlements.error, 'money.settlements.loadFailed'))}
            </Text>
            <Button size="xs" variant="default" onClick={() => void settlements.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('money.settlements.empty')}</Text>
      ) : (
        <>
          <PlainList label={title}>
            {items.map((settlement) => (
              <SettlementRow
                key={settlement.id}
                settlement={settlement}
                pairwise={pairwise}
                onEdit={() => setForm({ opened: true, settlement })}
                onDelete={() => setDeleting(settlement)}
              />
            ))}
          </PlainList>
          {settlements.hasNextPage && (
            <Button
              variant="default"
              size="xs"
              w="fit-content"
              loading={settlements.isFetchingNextPage}
              onClick={() => void settlements.fetchNextPage()}
            >
              {t('money.settlements.loadMore')}
            </Button>
          )}
        </>
      )}
      <LoadWhenOpened opened={form.opened}>
        {(opened) => (
          <SettlementFormModal
            opened={opened}
            groupId={groupId}
            currency={currency}
            members={currentMembers}
            settlement={form.settlement}
            onClose={() => setForm((state) => ({ ...state, opened: false }))}
          />
        )}
      </LoadWhenOpened>
      <DeleteSettlementDialog
        currency={currency}
        settlement={deleting}
        onChange={setDeleting}
        onClose={() => setDeleting(null)}
      />
    </MoneySection>
  );
}

function SettlementRow({
  settlement,
  pairwise,
  onEdit,
  onDelete,
}: {
  settlement: Settlement;
  pairwise: Debt[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const sentenceId = useId();
  // The debt between the two, either way: a partial payment, or one beyond what was owed directly.
  const pair = pairwise.find(
    (debt) =>
      debt.paid_cents !== 0 &&
      ((debt.from.id === settlement.from.id && debt.to.id === settlement.to.id) ||
        (debt.from.id === settlement.to.id && debt.to.id === settlement.from.id)),
  );
  const format = (cents: number) => money(cents, settlement.currency, i18n.language);
  return (
    <Paper component="li" withBorder p="sm" data-testid="settlement-row">
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
          <Text id={sentenceId} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {t('money.settlements.sentence', {
              from: personName(t, settlement.from, NAME_RULES.expenses),
              to: personName(t, settlement.to, NAME_RULES.expenses),
              amount: money(settlement.amount_cents, settlement.currency, i18n.language),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {formatCalendarDate(settlement.date, i18n.language)}
            {settlement.expense_id !== null && ` · ${t('money.settlements.forExpense')}`}
          </Text>
          {pair && (
            <Text size="sm" c="dimmed" data-testid="settlement-effect">
              {pairPaymentSentence(t, pair, pairwise, format)}
            </Text>
          )}
          {settlement.note && (
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {settlement.note}
            </Text>
          )}
        </Stack>
        <Group gap={4}>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-describedby={sentenceId}
            onClick={onEdit}
          >
            {t('money.settlements.edit')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-describedby={sentenceId}
            onClick={onDelete}
          >
            {t('money.settlements.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * Deletes a payment at the version it was read at. A 409 brings the payment as it is now: the
 * dialog shows it and asks again, so nobody deletes a change they have not seen.
 */
function DeleteSettlementDialog({
  currency,
  settlement,
  onChange,
  onClose,
}: {
  currency: string;
  settlement: Settlement | null;
  onChange: (settlement: Settlement) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteSettlement();
  const [last, setLast] = useState<Settlement | null>(null);
  if (settlement && settlement !== last) {
    setLast(settlement);
    if (settlement.id !== last?.id) remove.reset();
  }
  const close = () => {
    if (!remove.isPending) onClose();
  };
  return (
    <ConfirmModal
      opened={settlement !== null}
      title={t('money.settlements.deleteTitle')}
      text={
        last
          ? t('money.settlements.deleteText', {
              from: personName(t, last.from, NAME_RULES.expenses),
              to: personName(t, last.to, NAME_RULES.expenses),
              amount: money(last.amount_cents, last.currency || currency, i18n.language),
            })
          : ''
      }
      confirmLabel={t('money.settlements.delete')}
      loading={remove.isPending}
      error={remove.error ? t(moneyErrorKey(remove.error, 'money.settlements.deleteFailed')) : null}
      onClose={close}
      onConfirm={() => {
        if (!settlement) return;
        remove.mutate(
          { id: settlement.id, version: settlement.version },
          {
            onSuccess: () => {
              notify({ type: 'success', message: t('money.settlements.deleted') });
              onClose();
            },
            onError: (error) => {
              if (isApiError(error, 'not_found')) {
                notify({ type: 'error', message: t('money.errors.notFound') });
                onClose();
                return;
              }
              const current = isApiError(error, 'conflict')
                ? ZSettlement.safeParse(error.problem.current)
                : null;
              if (current?.success) onChange(current.data);
            },
          },
        );
      }}
    />
  );
}
