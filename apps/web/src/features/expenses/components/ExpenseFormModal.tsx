import {
  ZExpense,
  type CreateExpenseBody,
  type Expense,
  type GroupMember,
  type ListDetail,
  type UpdateExpenseBody,
} from '@household/contracts';
import {
  Alert,
  Button,
  Group,
  List as BulletList,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { moneyInputValue } from '../../../lib/money-input';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { PageLoader } from '../../../components/PageLoader';
import { expenseCategoriesQueryOptions, fetchExpense } from '../api/queries';
import {
  groupQueryOptions,
  myGroupsQueryOptions,
  preferencesQueryOptions,
} from '../../../lib/shared-queries';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { refreshMoney, useCreateExpense, useUpdateExpense } from '../api/mutations';
import { money } from '../../../lib/money';
import { NAME_RULES, personName } from '../../../lib/people';
import { today } from '../format';
import { previewSplit, type SplitDraft } from '../split-draft';
import {
  checkValues,
  initialDraft,
  say,
  serverMessages,
  startingTotal,
  type ItemScope,
  type Values,
} from './expense-form-values';
import { SplitFields } from './SplitFields';

/** What the form is for: a new expense (in a group, personal, or chosen in the form) or an edit. */
export interface ExpenseFormTarget {
  /** Editing this expense; absent: adding one. */
  expense?: Expense;
  /**
   * The group of a new expense: a group's id, null for a personal expense, undefined to let the
   * person choose (on /expenses).
   */
  groupId?: number | null;
  /** The list a new expense is for: its priced items can be split item by item. */
  list?: ListDetail | null;
  /**
   * "Split this shop": start as an item-based split of the list's bought (ticked) priced items,
   * for their total, each item everyone's until someone says who takes it.
   */
  shop?: boolean;
  /**
   * The items of a receipt just read from a photo: start as an item-based split of these (those
   * with a price), for their total.
   */
  itemIds?: readonly number[];
}

function itemScope(target: ExpenseFormTarget): ItemScope {
  if (target.itemIds) return { kind: 'these', itemIds: new Set(target.itemIds) };
  return target.shop ? { kind: 'bought' } : { kind: 'all' };
}

const PERSONAL = 'personal';

/** spec §2/§4: add or edit an expense, with a live preview of everyone's share. */
export function ExpenseFormModal({
  opened,
  target,
  onClose,
}: {
  opened: boolean;
  target: ExpenseFormTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={target?.expense ? t('expenses.form.editTitle') : t('expenses.form.addTitle')}
    >
      {opened && target && <ExpenseFormBody target={target} onClose={onClose} />}
    </Modal>
  );
}

function ExpenseFormBody({ target, onClose }: { target: ExpenseFormTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  // The expense the form starts from; after a 409 it is the expense as it is now.
  const [base, setBase] = useState<Expense | undefined>(target.expense);
  const [conflict, setConflict] = useState(false);
  const fixedGroup = base ? base.group_id : target.groupId;
  const [chosenGroup, setChosenGroup] = useState<number | null>(null);
  const groupId = fixedGroup === undefined ? chosenGroup : fixedGroup;
  // One key per form: a retry after a lost answer is applied once (docs/expenses.md "Screens").
  const [idempotencyKey] = useState(newIdempotencyKey);

  const myGroups = useQuery({ ...myGroupsQueryOptions(api), enabled: fixedGroup === undefined });
  const group = useQuery({
    ...groupQueryOptions(api, groupId ?? 0),
    enabled: groupId !== null,
  });
  const preferences = useQuery({ ...preferencesQueryOptions(api), enabled: groupId === null });
  const categories = useQuery(expenseCategoriesQueryOptions(api, groupId));

  const onConflict = async (current: unknown) => {
    const parsed = ZExpense.safeParse(current);
    let latest = parsed.success ? parsed.data : null;
    if (!latest && base) latest = await fetchExpense(api, base.id).catch(() => null);
    void refreshMoney(queryClient);
    if (latest) setBase(latest);
    setConflict(true);
  };

  if (groupId !== null && !group.data) {
    return group.isError ? (
      <Alert color="red" role="alert">
        {t('expenses.form.loadFailed')}
      </Alert>
    ) : (
      <PageLoader py="lg" />
    );
  }
  const currency =
    base?.currency ?? group.data?.currency ?? preferences.data?.currency ?? target.list?.currency;

  return (
    <Stack>
      {fixedGroup === undefined && (
        <NativeSelect
          label={t('expenses.form.group')}
          value={chosenGroup === null ? PERSONAL : String(chosenGroup)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setChosenGroup(value === PERSONAL ? null : Number(value));
          }}
          data={[
            { value: PERSONAL, label: t('expenses.form.personal') },
            ...(myGroups.data ?? []).map((choice) => ({
              value: String(choice.id),
              label: choice.name,
            })),
          ]}
        />
      )}
      {conflict && (
        <Alert color="yellow" role="alert" title={t('expenses.form.conflictTitle')}>
          {t('expenses.form.conflict')}
        </Alert>
      )}
      <ExpenseFields
        key={`${groupId ?? PERSONAL}-${base?.version ?? 'new'}`}
        expense={base}
        groupId={groupId}
        members={group.data?.members ?? []}
        currency={currency ?? 'EUR'}
        categories={categories.data ?? []}
        list={target.list ?? null}
        scope={itemScope(target)}
        idempotencyKey={idempotencyKey}
        onConflict={onConflict}
        onClose={onClose}
      />
    </Stack>
  );
}
function ExpenseFields({
  expense,
  groupId,
  members,
  currency,
  categories,
  list,
  scope,
  idempotencyKey,
  onConflict,
  onClose,
}: {
  expense: Expense | undefined;
  groupId: number | null;
  members: GroupMember[];
  currency: string;
  categories: { id: number; name: string }[];
  list: ListDetail | null;
  scope: ItemScope;
  idempotencyKey: string;
  onConflict: (current: unknown) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { user } = useSession();
  const myId = user?.id;
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const [values, setValues] = useState<Values>(() => ({
    description: expense?.description ?? (list ? list.name : ''),
    amount: expense
      ? moneyInputValue(expense.amount_cents, currency, locale)
      : list && startingTotal(list, scope) > 0
        ? moneyInputValue(startingTotal(list, scope), currency, locale)
        : '',
    date: expense?.date ?? today(user?.timezone),
    paidBy: String(expense?.paid_by?.id ?? myId ?? ''),
    categoryId: expense?.category ? String(expense.category.id) : '',
    notes: expense?.notes ?? '',
  }));
  const [draft, setDraft] = useState<SplitDraft>(() =>
    initialDraft(expense, members, list, scope, currency, locale),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const isGroup = groupId !== null;
  const itemBasedOffered = list !== null || draft.type === 'item_based';

  const { errors, amountCents } = checkValues(values, currency, locale);
  // The odd cents rotate by the expense's date, so the preview is exactly what will be saved.
  const preview = useMemo(
    () => previewSplit(draft, amountCents, { currency, locale, date: values.date }),
    [draft, amountCents, currency, locale, values.date],
  );
  const format = (cents: number) => money(cents, currency, locale);
  const set = (field: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  // Members, plus anyone a saved split names who has left since (shown, so nothing is hidden).
  const people = useMemo(() => {
    const known = new Map(
      members.map((member) => [member.id, personName(t, member, NAME_RULES.expenses)]),
    );
    for (const split of expense?.splits ?? []) {
      if (split.user && !known.has(split.user.id)) {
        known.set(split.user.id, personName(t, split.user, NAME_RULES.expenses));
      }
    }
    return [...known].map(([id, name]) => ({ id, name }));
  }, [members, expense, t]);

  const splitValid =
    !isGroup ||
    (preview.error === null && preview.fieldErrors.size === 0 && preview.difference === null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors([]);
    if (Object.keys(errors).length > 0 || amountCents === null || !splitValid) return;
    if (isGroup && !preview.input) return;
    const common = {
      description: values.description.trim(),
      amount_cents: amountCents,
      date: values.date,
      category_id: values.categoryId === '' ? null : Number(values.categoryId),
      notes: values.notes.trim(),
      ...(isGroup ? { paid_by: Number(values.paidBy), split: preview.input ?? undefined } : {}),
    };
    const onError = (cause: unknown) => {
      if (isApiError(cause, 'conflict') && expense) {
        void onConflict(cause.problem.current);
        return;
      }
      if (isApiError(cause, 'already_applied')) {
        notify({ type: 'success', message: t('expenses.form.added') });
        void onClose();
        return;
      }
      const messages = serverMessages(t, cause);
      const message = isApiError(cause, 'idempotency_in_progress')
        ? t('expenses.form.stillSaving')
        : isApiError(cause, 'forbidden')
          ? t('errors.forbidden')
          : isApiError(cause, 'not_found') && expense
            ? t('expenses.form.gone')
            : t('expenses.form.saveFailed');
      setServerErrors(messages.length > 0 ? messages : [message]);
      if (messages.length === 0) notify({ type: 'error', message });
    };
    if (expense) {
      const body: UpdateExpenseBody = { version: expense.version, ...common };
      update.mutate(
        { id: expense.id, body },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('expenses.form.updated') });
            onClose();
          },
          onError,
        },
      );
    } else {
      const body: CreateExpenseBody = {
        ...common,
        group_id: groupId,
        ...(list ? { list_id: list.id } : {}),
      };
      create.mutate(
        { body, idempotencyKey },
        {
          onSuccess: () => {
            notify({ type: 'success', message: t('expenses.form.added') });
            onClose();
          },
          onError,
        },
      );
    }
  };

  const show = (field: keyof Values) => (submitted ? say(t, errors[field]) : undefined);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label={t('expenses.form.description')}
          required
          data-autofocus
          value={values.description}
          onChange={(event) => set('description')(event.currentTarget.value)}
          error={show('description')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('expenses.form.amount')}
            required
            inputMode="decimal"
            rightSection={<Text size="xs">{currency}</Text>}
            rightSectionWidth={52}
            miw={140}
            value={values.amount}
            onChange={(event) => set('amount')(event.currentTarget.value)}
            error={show('amount')}
          />
          <TextInput
            label={t('expenses.form.date')}
            type="date"
            required
            miw={140}
            value={values.date}
            onChange={(event) => set('date')(event.currentTarget.value)}
            error={show('date')}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          {isGroup && (
            <NativeSelect
              label={t('expenses.form.paidBy')}
              miw={140}
              value={values.paidBy}
              onChange={(event) => set('paidBy')(event.currentTarget.value)}
              data={members.map((member) => ({
                value: String(member.id),
                label: personName(t, member, NAME_RULES.expenses),
              }))}
            />
          )}
          <NativeSelect
            label={t('expenses.form.category')}
            miw={140}
            value={values.categoryId}
            onChange={(event) => set('categoryId')(event.currentTarget.value)}
            data={[
              { value: '', label: t('expenses.noCategory') },
              ...categories.map((category) => ({
                value: String(category.id),
                label: category.name,
              })),
              ...(expense?.category && !categories.some(({ id }) => id === expense.category!.id)
                ? [{ value: String(expense.category.id), label: expense.category.name }]
                : []),
            ]}
          />
        </Group>
        <Textarea
          label={t('expenses.form.notes')}
          autosize
          minRows={2}
          value={values.notes}
          onChange={(event) => set('notes')(event.currentTarget.value)}
          error={show('notes')}
        />
        {isGroup ? (
          <SplitFields
            draft={draft}
            setDraft={setDraft}
            people={people}
            preview={preview}
            amountKnown={amountCents !== null}
            itemBasedOffered={itemBasedOffered}
            currency={currency}
            format={format}
            submitted={submitted}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('expenses.form.personalHint')}
          </Text>
        )}
        {serverErrors.length === 1 && (
          <Alert color="red" role="alert">
            {serverErrors[0]}
          </Alert>
        )}
        {serverErrors.length > 1 && (
          <Alert color="red" role="alert" title={t('expenses.form.saveFailed')}>
            <BulletList size="sm">
              {serverErrors.map((message) => (
                <BulletList.Item key={message}>{message}</BulletList.Item>
              ))}
            </BulletList>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {expense ? t('app.save') : t('expenses.form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
