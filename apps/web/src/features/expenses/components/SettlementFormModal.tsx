import {
  EXPENSE_NOTES_MAX_LENGTH,
  ZSettlement,
  type PersonRef,
  type Settlement,
} from '@household/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyInputValue, parseMoneyInput } from '../../../lib/money-input';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCreateSettlement, useUpdateSettlement } from '../api/mutations';
import { moneyErrorKey } from '../money-errors';
import { NAME_RULES, personName } from '../../../lib/people';
import { today } from '../format';

/** Records a payment between two members, or edits one (its amount, date and note). */
export function SettlementFormModal({
  opened,
  groupId,
  currency,
  members,
  settlement,
  onClose,
}: {
  opened: boolean;
  groupId: number;
  currency: string;
  /** The group's current members: only they can be named in a new payment. */
  members: PersonRef[];
  /** Null: a new payment. */
  settlement: Settlement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={settlement ? t('money.settlements.editTitle') : t('money.settlements.createTitle')}
    >
      {opened && (
        <SettlementForm
          key={settlement?.id ?? 'new'}
          groupId={groupId}
          currency={settlement?.currency ?? currency}
          members={members}
          settlement={settlement}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function SettlementForm({
  groupId,
  currency,
  members,
  settlement,
  onDone,
}: {
  groupId: number;
  currency: string;
  members: PersonRef[];
  settlement: Settlement | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const create = useCreateSettlement();
  const update = useUpdateSettlement();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const firstPayer = members.find((m) => m.id === user?.id) ?? members[0];
  const [fromId, setFromId] = useState(String(firstPayer?.id ?? ''));
  const [toId, setToId] = useState(String(members.find((m) => m.id !== firstPayer?.id)?.id ?? ''));
  const [version, setVersion] = useState(settlement?.version ?? 0);
  const [amount, setAmount] = useState(
    settlement ? moneyInputValue(settlement.amount_cents, currency, i18n.language) : '',
  );
  const [date, setDate] = useState(settlement?.date ?? today());
  const [note, setNote] = useState(settlement?.note ?? '');
  const [errors, setErrors] = useState<{ amount?: string; to?: string; date?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const showCurrent = (current: Settlement) => {
    setVersion(current.version);
    setAmount(moneyInputValue(current.amount_cents, currency, i18n.language));
    setDate(current.date);
    setNote(current.note);
  };

  const onError = (error: unknown) => {
    setFailure(t(moneyErrorKey(error, 'money.settlements.saveFailed')));
    if (isApiError(error, 'conflict')) {
      const current = ZSettlement.safeParse(error.problem.current);
      if (current.success) showCurrent(current.data);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMoneyInput(amount, currency, i18n.language);
    const amountCents = parsed.ok ? parsed.cents : null;
    const found: typeof errors = {};
    if (!parsed.ok && parsed.reason === 'empty') found.amount = t('money.form.amountRequired');
    else if (amountCents === null || amountCents <= 0) {
      found.amount = t('money.form.amountInvalid');
    }
    if (!settlement && fromId === toId) found.to = t('money.form.samePerson');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = t('money.form.dateRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || amountCents === null) return;
    setFailure(null);
    const onSuccess = () => {
      notify({ type: 'success', message: t('money.settlements.saved') });
      onDone();
    };
    if (settlement) {
      update.mutate(
        {
          id: settlement.id,
          body: { version, amount_cents: amountCents, date, note: note.trim() },
        },
        { onSuccess, onError },
      );
    } else {
      create.mutate(
        {
          body: {
            group_id: groupId,
            from_id: Number(fromId),
            to_id: Number(toId),
            amount_cents: amountCents,
            date,
            note: note.trim(),
          },
          idempotencyKey,
        },
        { onSuccess, onError },
      );
    }
  };

  const people = members.map((member) => ({
    value: String(member.id),
    label: personName(t, member, NAME_RULES.expenses),
  }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {settlement ? (
          <Text>
            {t('money.form.between', {
              from: personName(t, settlement.from, NAME_RULES.expenses),
              to: personName(t, settlement.to, NAME_RULES.expenses),
            })}
          </Text>
        ) : (
          <>
            <NativeSelect
              label={t('money.form.payer')}
              data={people}
              value={fromId}
              onChange={(event) => setFromId(event.currentTarget.value)}
            />
            <NativeSelect
              label={t('money.form.receiver')}
              data={people}
              value={toId}
              error={errors.to}
              onChange={(event) => setToId(event.currentTarget.value)}
            />
          </>
        )}
        <TextInput
          label={t('money.form.amount')}
          inputMode="decimal"
          autoComplete="off"
          rightSection={
            <Text size="sm" c="dimmed">
              {currency}
            </Text>
          }
          rightSectionWidth={48}
          value={amount}
          error={errors.amount}
          required
          data-autofocus
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('money.form.date')}
          value={date}
          error={errors.date}
          required
          onChange={(event) => setDate(event.currentTarget.value)}
        />
        <Textarea
          label={t('money.form.note')}
          autosize
          minRows={2}
          maxLength={EXPENSE_NOTES_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('app.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
