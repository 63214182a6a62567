import type { SplitInputParsed } from '@household/contracts';
import {
  currencyMinorUnits,
  minorUnitDigits,
  rotationOfDate,
  splitExpense,
} from '@household/domain';
import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { AppContext } from '../../context';
import {
  categories,
  expenseSplits,
  expenses,
  settlements,
  type ExpenseRow,
  type UserRow,
} from '../../db/schema';
import { requireMembership } from '../groups/membership';
import { People } from '../people/people';
import { decimalAmount, MONEY_CSV_OPTIONS } from './reports';
import { toSplitRequest } from './split-input';

/** The category Splitwise gives payments between people; used the same way here. */
export const PAYMENT_CATEGORY = 'Payment';

/**
 * A group's expenses and payments as CSV in the layout of a Splitwise export (docs/expenses.md
 * "CSV"): Date, Description, Category, Cost, Currency, then one column per person with what the
 * row does to their balance (the payer gets the cost less their own split, everyone else minus
 * their split; a payment moves the amount from receiver to payer). Each person's column adds up
 * to their balance, and the file can be read back by the Splitwise import. An expense paid in
 * another currency is written in it, with what was paid and the split in it, so that reading the
 * file back at the same rate gives the same balances.
 */
export async function exportGroupExpenses(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<{ filename: string; body: string }> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  const [expenseRows, splitRows, paymentRows] = await Promise.all([
    ctx.db
      .select({ expense: expenses, category: categories.name })
      .from(expenses)
      .leftJoin(categories, eq(categories.id, expenses.categoryId))
      .where(eq(expenses.groupId, groupId))
      .orderBy(asc(expenses.date), asc(expenses.id)),
    ctx.db
      .select({
        expenseId: expenseSplits.expenseId,
        userId: expenseSplits.userId,
        payerId: expenseSplits.payerId,
        amountCents: expenseSplits.amountCents,
      })
      .from(expenseSplits)
      .where(eq(expenseSplits.groupId, groupId)),
    ctx.db
      .select()
      .from(settlements)
      .where(eq(settlements.groupId, groupId))
      .orderBy(asc(settlements.date), asc(settlements.id)),
  ]);
  const splitsOf = new Map<number, { userId: number; payerId: number; amountCents: number }[]>();
  for (const split of splitRows) {
    splitsOf.set(split.expenseId, [...(splitsOf.get(split.expenseId) ?? []), split]);
  }
  const ids = [
    ...new Set([
      ...splitRows.flatMap((row) => [row.userId, row.payerId]),
      ...paymentRows.flatMap((row) => [row.fromId, row.toId]),
    ]),
  ].sort((a, b) => a - b);
  const people = await People.load(ctx.db, ctx.config, ids);
  const names = columnNames(ids.map((id) => people.ref(id)));

  type Line = { date: string; cells: string[]; digits: number; effects: Map<number, number> };
  const lines: Line[] = [];
  for (const { expense, category } of expenseRows) {
    const original = originalLine(expense);
    const cost = original?.amountMinor ?? expense.amountCents;
    const currency = original?.currency ?? expense.currency;
    // Original amounts are kept in ISO 4217 minor units (what conversion works in).
    const digits = original ? currencyMinorUnits(currency) : minorUnitDigits(currency);
    lines.push({
      date: expense.date,
      cells: [expense.description, category ?? '', decimalAmount(cost, currency, digits), currency],
      digits,
      effects: original?.effects ?? homeEffects(splitsOf.get(expense.id) ?? []),
    });
  }
  for (const payment of paymentRows) {
    lines.push({
      date: payment.date,
      cells: [
        payment.note ||
          `${people.ref(payment.fromId).name ?? ''} → ${people.ref(payment.toId).name ?? ''}`,
        PAYMENT_CATEGORY,
        decimalAmount(payment.amountCents, group.currency),
        group.currency,
      ],
      digits: minorUnitDigits(group.currency),
      effects: new Map([
        [payment.fromId, payment.amountCents],
        [payment.toId, -payment.amountCents],
      ]),
    });
  }
  lines.sort((a, b) => a.date.localeCompare(b.date));
  const body = Papa.unparse(
    {
      fields: ['Date', 'Description', 'Category', 'Cost', 'Currency', ...names],
      data: lines.map((line) => [
        line.date,
        ...line.cells,
        ...ids.map((id) => decimalAmount(line.effects.get(id) ?? 0, line.cells[3]!, line.digits)),
      ]),
    },
    MONEY_CSV_OPTIONS,
  );
  const base = group.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || `group-${groupId}`;
  return { filename: `${base} expenses.csv`, body };
}

/**
 * What a row does to each balance in the group's currency: each row moves its own payer; with
 * several payers, each column is what they paid less what they owe, as Splitwise writes it
 * (docs/expenses.md "Several payers").
 */
function homeEffects(splits: readonly { userId: number; payerId: number; amountCents: number }[]) {
  const effects = new Map<number, number>();
  for (const split of splits) {
    effects.set(split.payerId, (effects.get(split.payerId) ?? 0) + split.amountCents);
    effects.set(split.userId, (effects.get(split.userId) ?? 0) - split.amountCents);
  }
  return effects;
}

/**
 * An expense paid in another currency as it was paid: its amount, and each person's column in
 * that currency (what they paid less their share), the split worked out again from the stored
 * split and amount as it was when saved (docs/expenses.md "Currencies"). Null, and the row is
 * written in the home currency, when it is in it, or when several paid: the net columns cannot
 * say what each payer paid, and each payer's amount converted on its own would move a minor unit
 * on reading back; or if the split cannot be worked out again.
 */
function originalLine(expense: ExpenseRow) {
  if (expense.originalCurrency === null || expense.originalAmountMinor === null) return null;
  if (expense.payers && expense.payers.length > 1) return null;
  const split = splitExpense(
    expense.originalAmountMinor,
    toSplitRequest(expense.splitInput as SplitInputParsed),
    { rotation: rotationOfDate(expense.date) },
  );
  if (!split.ok) return null;
  const effects = new Map([[expense.paidBy, expense.originalAmountMinor]]);
  for (const share of split.shares) {
    effects.set(share.userId, (effects.get(share.userId) ?? 0) - share.amountCents);
  }
  return {
    currency: expense.originalCurrency,
    amountMinor: expense.originalAmountMinor,
    effects,
  };
}

/** Column headers: people by name, with the id added where two share a name or one has none. */
function columnNames(people: { id: number; name: string | null }[]): string[] {
  const counts = new Map<string, number>();
  for (const person of people) {
    if (person.name) counts.set(person.name, (counts.get(person.name) ?? 0) + 1);
  }
  return people.map((person) =>
    person.name && counts.get(person.name) === 1
      ? person.name
      : `${person.name ?? 'User ID'} ${person.id}`,
  );
}
