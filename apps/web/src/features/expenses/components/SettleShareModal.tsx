import type { Expense, ExpenseSplit } from '@household/contracts';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettleShareHeading, SettleShareSummary } from './SettleShareSummary';
import { useSettleShare } from './use-settle-share';

/**
 * spec §2 settle-share modal: pay part or all of one's own share of an expense to its payer.
 * spec §5 settle amount rules, §6 only one's own share, §8 messages.
 */
export function SettleShareModal({
  opened,
  expense,
  split,
  myId,
  onClose,
}: {
  opened: boolean;
  expense: Expense | null;
  split: ExpenseSplit | null;
  myId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('expenses.settle.title')}>
      {opened && (
        <SettleShareForm
          key={`${expense?.id}-${split?.id}-${split?.remaining_cents}`}
          expense={expense}
          split={split}
          myId={myId}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function SettleShareForm({
  expense,
  split,
  myId,
  onClose,
}: {
  expense: Expense | null;
  split: ExpenseSplit | null;
  myId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (!split) {
    return (
      <Alert color="red" role="alert">
        {t('expenses.settle.noSplit')}
      </Alert>
    );
  }
  return <SettleSplitForm expense={expense} split={split} myId={myId} onClose={onClose} />;
}

function SettleSplitForm({
  expense,
  split,
  myId,
  onClose,
}: {
  expense: Expense | null;
  split: ExpenseSplit;
  myId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { currency, format, amount, setAmount, error, onSubmit, pending } = useSettleShare({
    expense,
    split,
    myId,
    onClose,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {expense && <SettleShareHeading expense={expense} split={split} />}
        <SettleShareSummary split={split} format={format} />
        <TextInput
          label={t('expenses.settle.amount')}
          inputMode="decimal"
          rightSection={currency}
          rightSectionWidth={52}
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('expenses.settle.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
