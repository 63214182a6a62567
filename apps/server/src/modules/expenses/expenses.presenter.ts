import type { Expense, ExpenseSplitType, Settlement } from '@household/contracts';
import { EXPENSE_SPLIT_TYPES } from '@household/contracts';
import { paymentStatus, remainingCents, splitStatus } from '@household/domain';
import { asc, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import {
  categories,
  expenseSplits,
  type ExpenseRow,
  type ExpenseSplitRow,
  type SettlementRow,
} from '../../db/schema';
import { People } from '../people/people';

type UrlConfig = Pick<Config, 'publicApiUrl'>;

const splitTypeOf = (type: string): ExpenseSplitType =>
  (EXPENSE_SPLIT_TYPES as readonly string[]).includes(type) ? (type as ExpenseSplitType) : 'equal';

/** Expenses as the API gives them, with their splits, people and categories, in input order. */
export async function presentExpenses(
  db: DbOrTx,
  config: UrlConfig,
  rows: readonly ExpenseRow[],
): Promise<Expense[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const splits = await db
    .select()
    .from(expenseSplits)
    .where(inArray(expenseSplits.expenseId, ids))
    .orderBy(asc(expenseSplits.userId), asc(expenseSplits.payerId));
  const categoryIds = [...new Set(rows.flatMap((row) => row.categoryId ?? []))];
  const categoryRows =
    categoryIds.length === 0
      ? []
      : await db.select().from(categories).where(inArray(categories.id, categoryIds));
  const people = await People.load(db, config, [
    ...rows.flatMap((row) => [row.paidBy, ...(row.createdBy === null ? [] : [row.createdBy])]),
    ...splits.flatMap((split) => [split.userId, split.payerId]),
  ]);
  const splitsOf = new Map<number, ExpenseSplitRow[]>();
  for (const split of splits)
    splitsOf.set(split.expenseId, [...(splitsOf.get(split.expenseId) ?? []), split]);
  const categoryOf = new Map(categoryRows.map((row) => [row.id, row]));
  return rows.map((row) => presentExpense(row, splitsOf.get(row.id) ?? [], people, categoryOf));
}

/** What an expense paid in another currency than its group's was, and its locked rate; else null. */
export function presentOriginal(row: ExpenseRow): Expense['original'] {
  if (
    row.originalCurrency === null ||
    row.originalAmountMinor === null ||
    row.exchangeRate === null
  )
    return null;
  return {
    currency: row.originalCurrency,
    amount_minor: row.originalAmountMinor,
    exchange_rate: row.exchangeRate,
  };
}

function presentExpense(
  row: ExpenseRow,
  splits: readonly ExpenseSplitRow[],
  people: People,
  categoryOf: Map<number, { id: number; name: string; color: string }>,
): Expense {
  const states = splits.map((split) => ({
    userId: split.userId,
    payerId: split.payerId,
    owedCents: split.amountCents,
    settledCents: split.settledCents,
  }));
  const category = row.categoryId === null ? undefined : categoryOf.get(row.categoryId);
  return {
    id: row.id,
    group_id: row.groupId,
    list_id: row.listId,
    description: row.description,
    amount_cents: row.amountCents,
    currency: row.currency,
    date: row.date,
    paid_by: people.ref(row.paidBy),
    payers:
      row.payers?.map((payer) => ({
        user: people.ref(payer.user_id),
        amount_cents: payer.amount_cents,
      })) ?? null,
    category: category ? { id: category.id, name: category.name, color: category.color } : null,
    notes: row.notes,
    split_type: splitTypeOf(row.splitType),
    split: row.splitInput,
    splits: splits.map((split, index) => ({
      id: split.id,
      user: people.ref(split.userId),
      payer: people.ref(split.payerId),
      amount_cents: split.amountCents,
      settled_cents: split.settledCents,
      remaining_cents: remainingCents(states[index]!),
      status: splitStatus(states[index]!),
    })),
    original: presentOriginal(row),
    payment_status: paymentStatus(row.paidBy, states),
    created_by: people.refOrNull(row.createdBy),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function presentSettlements(
  db: DbOrTx,
  config: UrlConfig,
  rows: readonly SettlementRow[],
  currency: string,
): Promise<Settlement[]> {
  const people = await People.load(
    db,
    config,
    rows.flatMap((row) => [
      row.fromId,
      row.toId,
      ...(row.createdBy === null ? [] : [row.createdBy]),
    ]),
  );
  return rows.map((row) => ({
    id: row.id,
    group_id: row.groupId,
    currency,
    from: people.ref(row.fromId),
    to: people.ref(row.toId),
    amount_cents: row.amountCents,
    date: row.date,
    note: row.note,
    expense_id: row.expenseId,
    split_id: row.splitId,
    created_by: people.refOrNull(row.createdBy),
    created_at: row.createdAt.toISOString(),
    version: row.version,
  }));
}
