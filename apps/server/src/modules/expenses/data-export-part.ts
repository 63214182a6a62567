import type { DataExport } from '@household/contracts';
import { and, asc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import { expenses, expenseSplits, settlements } from '../../db/schema';
import { groupBy, within, type ExportScope } from '../../lib/data-export';
import { presentOriginal } from './expenses.presenter';

/**
 * The user's personal expenses, and those of their groups they paid, created or take part in,
 * each with its splits.
 */
export async function exportExpenses({
  tx,
  userId,
  groupIds,
}: ExportScope): Promise<DataExport['expenses']> {
  const takesPart = exists(
    tx
      .select({ one: sql`1` })
      .from(expenseSplits)
      .where(
        and(
          eq(expenseSplits.expenseId, expenses.id),
          or(eq(expenseSplits.userId, userId), eq(expenseSplits.payerId, userId)),
        ),
      ),
  );
  const expenseRows = await tx
    .select()
    .from(expenses)
    .where(
      or(
        and(isNull(expenses.groupId), eq(expenses.createdBy, userId)),
        and(
          within(expenses.groupId, groupIds),
          or(eq(expenses.paidBy, userId), eq(expenses.createdBy, userId), takesPart),
        ),
      ),
    )
    .orderBy(asc(expenses.date), asc(expenses.id));
  const splitRows = await tx
    .select()
    .from(expenseSplits)
    .where(
      within(
        expenseSplits.expenseId,
        expenseRows.map((expense) => expense.id),
      ),
    )
    .orderBy(asc(expenseSplits.id));
  const splitsOf = groupBy(splitRows, (row) => row.expenseId);
  return expenseRows.map((expense) => ({
    id: expense.id,
    group_id: expense.groupId,
    list_id: expense.listId,
    description: expense.description,
    amount_cents: expense.amountCents,
    currency: expense.currency,
    date: expense.date,
    paid_by: expense.paidBy,
    created_by: expense.createdBy,
    category_id: expense.categoryId,
    notes: expense.notes,
    split_type: expense.splitType,
    original: presentOriginal(expense),
    created_at: expense.createdAt.toISOString(),
    updated_at: expense.updatedAt.toISOString(),
    splits: (splitsOf.get(expense.id) ?? []).map((split) => ({
      user_id: split.userId,
      payer_id: split.payerId,
      amount_cents: split.amountCents,
      settled_cents: split.settledCents,
    })),
  }));
}

/** Settlements in the user's groups that they paid, received or recorded. */
export async function exportSettlements({
  tx,
  userId,
  groupIds,
}: ExportScope): Promise<DataExport['settlements']> {
  const rows = await tx
    .select()
    .from(settlements)
    .where(
      and(
        within(settlements.groupId, groupIds),
        or(
          eq(settlements.fromId, userId),
          eq(settlements.toId, userId),
          eq(settlements.createdBy, userId),
        ),
      ),
    )
    .orderBy(asc(settlements.date), asc(settlements.id));
  return rows.map((row) => ({
    id: row.id,
    group_id: row.groupId,
    from_id: row.fromId,
    to_id: row.toId,
    amount_cents: row.amountCents,
    date: row.date,
    note: row.note,
    expense_id: row.expenseId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  }));
}
