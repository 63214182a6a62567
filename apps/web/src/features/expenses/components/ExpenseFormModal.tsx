import {
  EXPENSE_AMOUNT_MAX_CENTS,
  EXPENSE_DESCRIPTION_MAX_LENGTH,
  EXPENSE_NOTES_MAX_LENGTH,
  EXPENSE_SPLIT_TYPES,
  ZCalendarDate,
  ZExpense,
  type CreateExpenseBody,
  type Expense,
  type ExpenseSplitType,
  type GroupMember,
  type ListDetail,
  type UpdateExpenseBody,
} from '@household/contracts';
import { minorUnitDigits } from '@household/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List as BulletList,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { TranslationKey } from '../../../lib/i18n';
import { moneyInputValue, parseMoneyInput } from '../../../lib/money-input';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { PageLoader } from '../../../components/PageLoader';
import {
  expenseCategoriesQueryOptions,
  expenseGroupQueryOptions,
  fetchExpense,
  myGroupsQueryOptions,
  newIdempotencyKey,
  preferencesQueryOptions,
  refreshMoney,
  useCreateExpense,
  useUpdateExpense,
} from '../api';
import { money, personName, today } from '../format';
import {
  draftOfSplit,
  formatPercent,
  previewSplit,
  type Problem,
  type SplitDraft,
  type SplitItemDraft,
} from '../split-draft';
import { useQueryClient } from '@tanstack/react-query';

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
    ...expenseGroupQueryOptions(api, groupId ?? 0),
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
        shop={target.shop ?? false}
        idempotencyKey={idempotencyKey}
        onConflict={onConflict}
        onClose={onClose}
      />
    </Stack>
  );
}

const key = (translationKey: TranslationKey) => translationKey;

interface Values {
  description: string;
  amount: string;
  date: string;
  paidBy: string;
  categoryId: string;
  notes: string;
}

type FieldErrors = Partial<Record<keyof Values, Problem>>;

function checkValues(values: Values, currency: string, locale: string) {
  const errors: FieldErrors = {};
  const description = values.description.trim();
  if (description === '') errors.description = { key: key('expenses.form.descriptionRequired') };
  else if (description.length > EXPENSE_DESCRIPTION_MAX_LENGTH) {
    errors.description = {
      key: key('expenses.form.tooLong'),
      values: { max: EXPENSE_DESCRIPTION_MAX_LENGTH },
    };
  }
  const amount = parseMoneyInput(values.amount, currency, locale);
  let amountCents: number | null = null;
  if (!amount.ok) {
    errors.amount = {
      key:
        amount.reason === 'empty'
          ? key('expenses.form.amountRequired')
          : amount.reason === 'too_many_decimals'
            ? key('expenses.form.amountTooManyDecimals')
            : /^\s*-/.test(values.amount)
              ? key('expenses.form.amountPositive')
              : key('expenses.form.amountInvalid'),
      values: { digits: minorUnitDigits(currency) },
    };
  } else if (amount.cents <= 0) errors.amount = { key: key('expenses.form.amountPositive') };
  else if (amount.cents > EXPENSE_AMOUNT_MAX_CENTS) {
    errors.amount = {
      key: key('expenses.form.amountTooLarge'),
      values: { max: money(EXPENSE_AMOUNT_MAX_CENTS, currency, locale) },
    };
  } else amountCents = amount.cents;
  if (values.date.trim() === '') errors.date = { key: key('expenses.form.dateRequired') };
  else if (!ZCalendarDate.safeParse(values.date).success) {
    errors.date = { key: key('expenses.form.dateInvalid') };
  }
  if (values.notes.trim().length > EXPENSE_NOTES_MAX_LENGTH) {
    errors.notes = { key: key('expenses.form.tooLong'), values: { max: EXPENSE_NOTES_MAX_LENGTH } };
  }
  return { errors, amountCents };
}

const say = (t: TFunction, problem: Problem | undefined | null) =>
  problem ? t(problem.key, problem.values) : undefined;

const SERVER_CODES: Record<string, TranslationKey> = {
  exact_sum_mismatch: 'expenses.form.server.exactSum',
  percentage_sum_mismatch: 'expenses.form.server.percentageSum',
  not_a_member: 'expenses.form.server.notAMember',
  invalid_reference: 'expenses.form.server.invalidReference',
  unknown_taker: 'expenses.form.server.unknownTaker',
  duplicate_participant: 'expenses.form.server.duplicate',
  zero_weights: 'expenses.form.server.zeroWeights',
};

/** The messages of a 400: known rules in the reader's language, anything else as the server said. */
function serverMessages(t: TFunction, error: unknown): string[] {
  if (!isApiError(error, 'validation_failed')) return [];
  const fields = error.problem.errors ?? [];
  if (fields.length === 0) return [error.problem.detail ?? error.problem.title];
  return fields.map((field) => {
    const known = SERVER_CODES[field.code];
    return known ? t(known, { message: field.message }) : field.message;
  });
}

function initialDraft(
  expense: Expense | undefined,
  members: GroupMember[],
  list: ListDetail | null,
  shop: boolean,
  currency: string,
  locale: string,
): SplitDraft {
  const saved = expense ? draftOfSplit(expense.split, currency, locale) : null;
  if (saved) return saved;
  const participants = expense
    ? expense.splits.flatMap((split) => (split.user ? [split.user.id] : []))
    : members.map((member) => member.id);
  return {
    type: shop ? 'item_based' : 'equal',
    participants,
    values: {},
    items: listItems(list, shop),
  };
}

/** The items a new expense starts from: the bought ones for "Split this shop", else all. */
const startingItems = (list: ListDetail, shop: boolean) =>
  list.items.filter(
    (item) => item.price_cents !== null && item.price_cents > 0 && (!shop || item.done),
  );

/** The amount a new expense from a list starts with: its priced items', or its bought ones'. */
function startingTotal(list: ListDetail, shop: boolean): number {
  if (!shop) return list.total_cents;
  return startingItems(list, true).reduce((sum, item) => sum + item.price_cents!, 0);
}

/** The list's items with a price, each shared by everyone until someone takes it. */
function listItems(list: ListDetail | null, shop: boolean): SplitItemDraft[] {
  return (list ? startingItems(list, shop) : []).map((item) => ({
    itemId: item.id,
    name: item.name,
    priceCents: item.price_cents!,
    takers: [],
  }));
}

function ExpenseFields({
  expense,
  groupId,
  members,
  currency,
  categories,
  list,
  shop,
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
  shop: boolean;
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
      : list && startingTotal(list, shop) > 0
        ? moneyInputValue(startingTotal(list, shop), currency, locale)
        : '',
    date: expense?.date ?? today(user?.timezone),
    paidBy: String(expense?.paid_by?.id ?? myId ?? ''),
    categoryId: expense?.category ? String(expense.category.id) : '',
    notes: expense?.notes ?? '',
  }));
  const [draft, setDraft] = useState<SplitDraft>(() =>
    initialDraft(expense, members, list, shop, currency, locale),
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
    const known = new Map(members.map((member) => [member.id, personName(t, member)]));
    for (const split of expense?.splits ?? []) {
      if (split.user && !known.has(split.user.id)) {
        known.set(split.user.id, personName(t, split.user));
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
                label: personName(t, member),
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

const VALUE_LABELS: Partial<Record<ExpenseSplitType, TranslationKey>> = {
  exact: 'expenses.form.exactFor',
  percentage: 'expenses.form.percentFor',
  shares: 'expenses.form.sharesFor',
};

function SplitFields({
  draft,
  setDraft,
  people,
  preview,
  amountKnown,
  itemBasedOffered,
  currency,
  format,
  submitted,
}: {
  draft: SplitDraft;
  setDraft: (update: (draft: SplitDraft) => SplitDraft) => void;
  people: { id: number; name: string }[];
  preview: ReturnType<typeof previewSplit>;
  amountKnown: boolean;
  itemBasedOffered: boolean;
  currency: string;
  format: (cents: number) => string;
  submitted: boolean;
}) {
  const { t, i18n } = useTranslation();
  const chosen = new Set(draft.participants);
  const valueLabel = VALUE_LABELS[draft.type];
  const order = new Map(people.map((person, index) => [person.id, index]));
  const toggle = (userId: number, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      participants: checked
        ? [...current.participants.filter((id) => id !== userId), userId].sort(
            (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
          )
        : current.participants.filter((id) => id !== userId),
    }));
  const setValue = (userId: number, value: string) =>
    setDraft((current) => ({ ...current, values: { ...current.values, [userId]: value } }));
  const toggleTaker = (index: number, userId: number, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      items: current.items.map((item, i) =>
        i !== index
          ? item
          : {
              ...item,
              takers: checked
                ? [...item.takers, userId]
                : item.takers.filter((taker) => taker !== userId),
            },
      ),
    }));

  const difference = preview.difference;
  const remainder =
    difference === null || difference === 0
      ? null
      : draft.type === 'percentage'
        ? formatPercent(Math.abs(difference), i18n.language)
        : format(Math.abs(difference));
  const splitTypes = EXPENSE_SPLIT_TYPES.filter(
    (type) => type !== 'item_based' || itemBasedOffered,
  );

  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('expenses.form.splitType')}
        value={draft.type}
        onChange={(event) => {
          const type = event.currentTarget.value as ExpenseSplitType;
          setDraft((current) => ({ ...current, type, values: {} }));
        }}
        data={splitTypes.map((type) => ({ value: type, label: t(`expenses.splitType.${type}`) }))}
      />
      <Table.ScrollContainer minWidth={300} type="native" tabIndex={0}>
        <Table aria-label={t('expenses.form.preview')} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('expenses.form.person')}</Table.Th>
              {valueLabel && <Table.Th>{t(`expenses.form.column.${draft.type}`)}</Table.Th>}
              <Table.Th ta="right">{t('expenses.form.share')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person) => {
              const fieldError = preview.fieldErrors.get(person.id);
              const share = preview.shares?.get(person.id);
              return (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Checkbox
                      label={person.name}
                      checked={chosen.has(person.id)}
                      onChange={(event) => toggle(person.id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  {valueLabel && (
                    <Table.Td>
                      {chosen.has(person.id) && (
                        <TextInput
                          aria-label={t(valueLabel, { name: person.name })}
                          size="xs"
                          w={110}
                          inputMode={draft.type === 'shares' ? 'numeric' : 'decimal'}
                          placeholder={draft.type === 'shares' ? '1' : '0'}
                          rightSection={
                            draft.type === 'percentage' ? (
                              <Text size="xs">%</Text>
                            ) : draft.type === 'exact' ? (
                              <Text size="xs">{currency}</Text>
                            ) : undefined
                          }
                          rightSectionWidth={draft.type === 'exact' ? 40 : undefined}
                          value={draft.values[person.id] ?? ''}
                          onChange={(event) => setValue(person.id, event.currentTarget.value)}
                          error={fieldError ? say(t, fieldError) : undefined}
                        />
                      )}
                    </Table.Td>
                  )}
                  <Table.Td ta="right" data-testid={`share-${person.id}`}>
                    {chosen.has(person.id) && share !== undefined && amountKnown
                      ? format(share)
                      : '–'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {draft.type === 'item_based' && (
        <ItemTakers
          items={draft.items}
          people={people.filter((person) => chosen.has(person.id))}
          format={format}
          onToggle={toggleTaker}
        />
      )}

      <div role="status" aria-live="polite" data-testid="split-status-line">
        {remainder !== null && difference !== null ? (
          <Text size="sm" c="red" fw={600}>
            {difference > 0
              ? t('expenses.form.leftToAssign', { amount: remainder })
              : t('expenses.form.tooMuch', { amount: remainder })}
          </Text>
        ) : preview.error && (submitted || draft.participants.length === 0) ? (
          <Text size="sm" c="red">
            {say(t, preview.error)}
          </Text>
        ) : !amountKnown ? (
          <Text size="sm" c="dimmed">
            {t('expenses.form.enterAmountForPreview')}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}

function ItemTakers({
  items,
  people,
  format,
  onToggle,
}: {
  items: SplitItemDraft[];
  people: { id: number; name: string }[];
  format: (cents: number) => string;
  onToggle: (index: number, userId: number, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('expenses.form.noPricedItems')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('expenses.form.itemsHint')}
      </Text>
      {items.map((item, index) => (
        <Stack
          key={item.itemId ?? `item-${index}`}
          gap={4}
          component="fieldset"
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          <Text component="legend" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('expenses.form.itemLine', {
              name: item.name || t('expenses.form.unnamedItem'),
              price: format(item.priceCents),
            })}
          </Text>
          <Group gap="sm">
            {people.map((person) => (
              <Checkbox
                key={person.id}
                size="xs"
                label={person.name}
                aria-label={t('expenses.form.takesItem', {
                  name: person.name,
                  item: item.name || t('expenses.form.unnamedItem'),
                })}
                checked={item.takers.includes(person.id)}
                onChange={(event) => onToggle(index, person.id, event.currentTarget.checked)}
              />
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
