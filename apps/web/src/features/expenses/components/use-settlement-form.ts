import { ZSettlement, type PersonRef, type Settlement } from '@household/contracts';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { moneyInputValue, parseMoneyInput } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { useCreateSettlement, useUpdateSettlement } from '../api/mutations';
import { today } from '../format';
import { moneyErrorKey } from '../money-errors';

export type SettlementErrors = { amount?: string; to?: string; date?: string };

/**
 * The payment form as it is filled in: who paid whom (a new payment only), the amount, date and
 * note; checked and saved on submit. A new payment starts from me to the first other member.
 */
export function useSettlementForm({
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
  const firstPayer = members.find((m) => m.id === user?.id) ?? members[0];
  const [fromId, setFromId] = useState(String(firstPayer?.id ?? ''));
  const [toId, setToId] = useState(String(members.find((m) => m.id !== firstPayer?.id)?.id ?? ''));
  const [version, setVersion] = useState(settlement?.version ?? 0);
  const [amount, setAmount] = useState(
    settlement ? moneyInputValue(settlement.amount_cents, currency, i18n.language) : '',
  );
  const [date, setDate] = useState(settlement?.date ?? today());
  const [note, setNote] = useState(settlement?.note ?? '');
  const [errors, setErrors] = useState<SettlementErrors>({});

  const saving = useSaveSettlement({
    groupId,
    settlement,
    onDone,
    // After a 409 the form shows the payment as it is now, to be saved again on purpose.
    onConflict: (current) => {
      setVersion(current.version);
      setAmount(moneyInputValue(current.amount_cents, currency, i18n.language));
      setDate(current.date);
      setNote(current.note);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { found, amountCents } = checkSettlement(t, {
      amount,
      currency,
      locale: i18n.language,
      samePerson: !settlement && fromId === toId,
      date,
    });
    setErrors(found);
    if (Object.keys(found).length > 0 || amountCents === null) return;
    saving.save({ version, fromId, toId, amountCents, date, note: note.trim() });
  };

  return {
    fields: { fromId, toId, amount, date, note },
    setters: { setFromId, setToId, setAmount, setDate, setNote },
    errors,
    failure: saving.failure,
    pending: saving.pending,
    onSubmit,
  };
}

function checkSettlement(
  t: TFunction,
  {
    amount,
    currency,
    locale,
    samePerson,
    date,
  }: { amount: string; currency: string; locale: string; samePerson: boolean; date: string },
) {
  const parsed = parseMoneyInput(amount, currency, locale);
  const amountCents = parsed.ok ? parsed.cents : null;
  const found: SettlementErrors = {};
  if (!parsed.ok && parsed.reason === 'empty') found.amount = t('money.form.amountRequired');
  else if (amountCents === null || amountCents <= 0) {
    found.amount = t('money.form.amountInvalid');
  }
  if (samePerson) found.to = t('money.form.samePerson');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = t('money.form.dateRequired');
  return { found, amountCents };
}

/** Saves a payment: changes the edited one, or records a new one under the form's idempotency key. */
function useSaveSettlement({
  groupId,
  settlement,
  onDone,
  onConflict,
}: {
  groupId: number;
  settlement: Settlement | null;
  onDone: () => void;
  onConflict: (current: Settlement) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSettlement();
  const update = useUpdateSettlement();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);

  const onError = (error: unknown) => {
    setFailure(t(moneyErrorKey(error, 'money.settlements.saveFailed')));
    if (isApiError(error, 'conflict')) {
      const current = ZSettlement.safeParse(error.problem.current);
      if (current.success) onConflict(current.data);
    }
  };
  const onSuccess = () => {
    notify({ type: 'success', message: t('money.settlements.saved') });
    onDone();
  };

  const save = (entry: {
    version: number;
    fromId: string;
    toId: string;
    amountCents: number;
    date: string;
    note: string;
  }) => {
    setFailure(null);
    const { amountCents: amount_cents, date, note } = entry;
    if (settlement) {
      update.mutate(
        { id: settlement.id, body: { version: entry.version, amount_cents, date, note } },
        { onSuccess, onError },
      );
    } else {
      const parties = {
        group_id: groupId,
        from_id: Number(entry.fromId),
        to_id: Number(entry.toId),
      };
      create.mutate(
        { body: { ...parties, amount_cents, date, note }, idempotencyKey },
        { onSuccess, onError },
      );
    }
  };

  return { save, failure, pending: create.isPending || update.isPending };
}
