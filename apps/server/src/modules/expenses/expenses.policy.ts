import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenses, settlements, type ExpenseRow, type SettlementRow } from '../../db/schema';
import { forbidden, notFound } from '../../http/problem';
import { findMembership, type Membership } from '../groups/membership';

/**
 * Who may see and change money (docs/expenses.md "Who may do what"):
 * - a group's expenses and settlements: its members see them; anyone else gets 404;
 * - a personal expense: only its creator;
 * - an expense is changed by its creator, its payer or a group admin/owner; a settlement by the
 *   two people it is between, its recorder or a group admin/owner; other members get 403;
 * - a split is settled only by the person who owes it (spec §6).
 */

export const expenseNotFound = () => notFound('No such expense');
export const settlementNotFound = () => notFound('No such settlement');

export interface VisibleExpense {
  expense: ExpenseRow;
  membership: Membership | null;
}

export async function requireVisibleExpense(
  db: DbOrTx,
  expenseId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<VisibleExpense> {
  const query = db.select().from(expenses).where(eq(expenses.id, expenseId));
  const [expense] = options.lock ? await query.for('update') : await query;
  if (!expense) throw expenseNotFound();
  if (expense.groupId === null) {
    if (expense.createdBy !== userId) throw expenseNotFound();
    return { expense, membership: null };
  }
  const membership = await findMembership(db, expense.groupId, userId);
  if (!membership) throw expenseNotFound();
  return { expense, membership };
}

const isManager = (membership: Membership | null) =>
  membership !== null && (membership.role === 'owner' || membership.role === 'admin');

export function assertCanChangeExpense({ expense, membership }: VisibleExpense, userId: number) {
  const isPayer =
    expense.paidBy === userId || (expense.payers ?? []).some((payer) => payer.user_id === userId);
  if (expense.createdBy === userId || isPayer || isManager(membership)) return;
  throw forbidden('Only who added or paid an expense, or a group admin, may change it');
}

export interface VisibleSettlement {
  settlement: SettlementRow;
  membership: Membership;
}

export async function requireVisibleSettlement(
  db: DbOrTx,
  settlementId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<VisibleSettlement> {
  const query = db
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, settlementId)));
  const [settlement] = options.lock ? await query.for('update') : await query;
  if (!settlement) throw settlementNotFound();
  const membership = await findMembership(db, settlement.groupId, userId);
  if (!membership) throw settlementNotFound();
  return { settlement, membership };
}

export function assertCanRecordPayment(
  payment: { fromId: number; toId: number; createdBy?: number | null },
  membership: Membership,
  userId: number,
) {
  const involved =
    payment.fromId === userId || payment.toId === userId || payment.createdBy === userId;
  if (involved || isManager(membership)) return;
  throw forbidden('Only the two people of a payment, or a group admin, may record or change it');
}
