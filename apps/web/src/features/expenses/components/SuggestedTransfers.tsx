import type { BalanceSummary } from '@household/contracts';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCash, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { notify } from '../../../lib/toasts';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCreateSettlement } from '../api/mutations';
import { moneyErrorKey } from '../money-errors';
import { formatCalendarDate } from '../../../lib/format';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { MoneySection, PlainList } from './MoneySection';

type Transfer = BalanceSummary['transfers'][number];
type Reason = Transfer['reasons'][number];
type UnitRef = Transfer['from_unit'];

/** A side of a transfer: a unit (couple) by its name, else the person. */
export function partyName(t: TFunction, person: Transfer['from'], unit: UnitRef): string {
  return unit ? unit.name : personName(t, person, NAME_RULES.expenses);
}

/**
 * The payments that clear every balance (docs/expenses.md "suggestTransfers"), each recorded in
 * one tap after a confirmation, and each explained by the open shares it settles.
 */
export function SuggestedTransfers({ summary }: { summary: BalanceSummary }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<Transfer | null>(null);
  const title = t('money.transfers.title');
  const members = new Set(summary.members.filter((m) => m.is_member).map((m) => m.user.id));
  return (
    <MoneySection title={title}>
      {summary.transfers.length === 0 ? (
        <Text c="dimmed">{t('money.transfers.none')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('money.transfers.intro')}
          </Text>
          <PlainList label={title}>
            {summary.transfers.map((transfer) => (
              <TransferRow
                key={`${transfer.from.id}-${transfer.to.id}`}
                transfer={transfer}
                currency={summary.currency}
                leftPerson={
                  [transfer.from, transfer.to].find((person) => !members.has(person.id)) ?? null
                }
                onRecord={() => setConfirming(transfer)}
              />
            ))}
          </PlainList>
        </>
      )}
      <RecordTransferDialog
        groupId={summary.group_id}
        currency={summary.currency}
        transfer={confirming}
        onClose={() => setConfirming(null)}
      />
    </MoneySection>
  );
}

function TransferRow({
  transfer,
  currency,
  leftPerson,
  onRecord,
}: {
  transfer: Transfer;
  currency: string;
  leftPerson: Transfer['from'] | null;
  onRecord: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [explained, explanation] = useDisclosure(false);
  const sentenceId = useId();
  const explanationId = useId();
  const format = (cents: number) => money(cents, currency, i18n.language);
  return (
    <Paper component="li" withBorder p="sm" data-testid="transfer-row">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text id={sentenceId} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {t('money.transfers.sentence', {
              from: partyName(t, transfer.from, transfer.from_unit),
              to: partyName(t, transfer.to, transfer.to_unit),
              amount: format(transfer.amount_cents),
            })}
          </Text>
          <Button
            size="xs"
            leftSection={<IconCash size={14} aria-hidden />}
            aria-describedby={sentenceId}
            disabled={leftPerson !== null}
            onClick={onRecord}
          >
            {t('money.transfers.record')}
          </Button>
        </Group>
        <Stack component="ul" gap={2} m={0} pl={0} style={{ listStyle: 'none' }}>
          {transfer.reasons.map((reason, index) => (
            <Text component="li" size="sm" c="dimmed" key={index} data-testid="transfer-reason">
              {reasonSentence(t, transfer, reason, format)}
            </Text>
          ))}
        </Stack>
        {leftPerson && (
          <Text size="sm" c="dimmed">
            {t('money.transfers.memberLeft', {
              name: personName(t, leftPerson, NAME_RULES.expenses),
            })}
          </Text>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          rightSection={
            explained ? (
              <IconChevronUp size={14} aria-hidden />
            ) : (
              <IconChevronDown size={14} aria-hidden />
            )
          }
          aria-expanded={explained}
          aria-controls={explanationId}
          aria-describedby={sentenceId}
          onClick={explanation.toggle}
        >
          {t('money.transfers.why')}
        </Button>
        <Box id={explanationId} hidden={!explained}>
          {transfer.expenses.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('money.transfers.noExpenses')}
            </Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm">{t('money.transfers.explains')}</Text>
              <Stack component="ul" gap={2} m={0} pl="md">
                {transfer.expenses.map((expense) => (
                  <Text component="li" size="sm" key={expense.id}>
                    {t('money.transfers.expenseLine', {
                      description: expense.description,
                      date: formatCalendarDate(expense.date, i18n.language),
                      amount: format(expense.remaining_cents),
                    })}
                  </Text>
                ))}
              </Stack>
              {transfer.more_expenses > 0 && (
                <Text size="sm" c="dimmed">
                  {t('money.transfers.more', { count: transfer.more_expenses })}
                </Text>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

/** Why part of a transfer is there, in words (docs/expenses.md "Settle-up views"). */
export function reasonSentence(
  t: TFunction,
  transfer: Transfer,
  reason: Reason,
  format: (cents: number) => string,
): string {
  const from = partyName(t, transfer.from, transfer.from_unit);
  const to = partyName(t, transfer.to, transfer.to_unit);
  const amount = format(reason.amount_cents);
  switch (reason.kind) {
    case 'direct':
      return reason.expense_count > 0
        ? t('money.transfers.reasons.direct', { from, to, amount, count: reason.expense_count })
        : t('money.transfers.reasons.directNoExpense', { from, to, amount });
    case 'through': {
      const through = partyName(t, reason.through, reason.through_unit);
      return t('money.transfers.reasons.through', { from, to, through, amount });
    }
    case 'balance':
      return t('money.transfers.reasons.balance', { amount });
  }
}

/** Records a suggested transfer as a payment dated today, after the person confirmed it. */
function RecordTransferDialog({
  groupId,
  currency,
  transfer,
  onClose,
}: {
  groupId: number;
  currency: string;
  transfer: Transfer | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const create = useCreateSettlement();
  // One key per confirmation: a retry after a lost answer records the payment once.
  const [idempotencyKey, setIdempotencyKey] = useState('');
  // The last transfer asked about stays in the text while the dialog animates closed.
  const [last, setLast] = useState<Transfer | null>(null);
  if (transfer && transfer !== last) {
    setLast(transfer);
    setIdempotencyKey(newIdempotencyKey());
    create.reset();
  }
  const close = () => {
    if (!create.isPending) onClose();
  };
  const names = last && {
    from: personName(t, last.from, NAME_RULES.expenses),
    to: personName(t, last.to, NAME_RULES.expenses),
    amount: money(last.amount_cents, currency, i18n.language),
  };
  return (
    <ConfirmModal
      opened={transfer !== null}
      title={t('money.transfers.confirmTitle')}
      text={names ? t('money.transfers.confirmText', names) : ''}
      confirmLabel={t('money.transfers.record')}
      color={null}
      loading={create.isPending}
      error={create.error ? t(moneyErrorKey(create.error, 'money.transfers.failed')) : null}
      onClose={close}
      onConfirm={() => {
        if (!transfer) return;
        create.mutate(
          {
            body: {
              group_id: groupId,
              from_id: transfer.from.id,
              to_id: transfer.to.id,
              amount_cents: transfer.amount_cents,
            },
            idempotencyKey,
          },
          {
            onSuccess: () => {
              notify({ type: 'success', message: t('money.transfers.recorded') });
              onClose();
            },
          },
        );
      }}
    />
  );
}
