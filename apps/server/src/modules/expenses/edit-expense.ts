import type { Expense, ZUpdateExpenseBody } from '@household/contracts';
import { rotationOfDate } from '@household/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  expenseSplits,
  expenses,
  settlements,
  type ExpenseRow,
  type ExpenseSplitRow,
  type UserRow,
} from '../../db/schema';
import { AppError } from '../../http/problem';
import { assertNoPersonalRate, assertPayerIsMember, insertSplits } from './create-expense';
import { presentExpenses } from './expenses.presenter';
import {
  assertCanChangeExpense,
  requireVisibleExpense,
  type VisibleExpense,
} from './expenses.policy';
import { resolvePayers } from './expense-payers';
import { commitToLedger, lockLedger, rowChanges, type BalanceChanges } from './ledger';
import { expenseEvent, recordExpenseActivity } from './money-changes';
import {
  homeAmount,
  homeShares,
  originalColumns,
  rememberGivenRate,
  resolveForeignMoney,
  type ForeignMoney,
} from './foreign-currency';
import { assertExpenseCategory, sharesOf } from './split-input';

type Body = z.output<typeof ZUpdateExpenseBody>;

const staleVersion = (current: Expense) =>
  new AppError(
    409,
    'conflict',
    'The expense was changed meanwhile; reload it and try again',
    undefined,
    undefined,
    { current },
  );

interface LockForChangeOptions {
  actor: UserRow;
  id: number;
  /** The version the change was based on. */
  version: number;
}

/**
 * Reads and locks an expense for a change: the group's ledger first (the order every money change
 * takes its locks in), then the expense; checks who may change it and the version.
 */
async function lockForChange(
  config: Config,
  tx: Tx,
  { actor, id, version }: LockForChangeOptions,
): Promise<VisibleExpense & { ledger: Awaited<ReturnType<typeof lockLedger>> | null }> {
  const seen = await requireVisibleExpense(tx, id, actor.id);
  const ledger = seen.expense.groupId === null ? null : await lockLedger(tx, seen.expense.groupId);
  const visible = await requireVisibleExpense(tx, id, actor.id, { lock: true });
  assertCanChangeExpense(visible, actor.id);
  if (visible.expense.version !== version) {
    const [current] = await presentExpenses(tx, config, [visible.expense]);
    throw staleVersion(current!);
  }
  return { ...visible, ledger };
}

async function splitsOf(tx: Tx, expenseId: number): Promise<ExpenseSplitRow[]> {
  return tx
    .select()
    .from(expenseSplits)
    .where(eq(expenseSplits.expenseId, expenseId))
    .orderBy(asc(expenseSplits.userId));
}

/**
 * New splits replace the old ones; the payments made against the old ones stay (the money did
 * change hands) and count again against the new split of the same person to the same payer while
 * it has room, oldest first; what does not fit stays as a plain payment between the two.
 */
async function reattachPayments(tx: Tx, expense: ExpenseRow, oldSplitIds: number[]) {
  if (oldSplitIds.length === 0) return;
  const payments = await tx
    .select()
    .from(settlements)
    .where(inArray(settlements.splitId, oldSplitIds))
    .orderBy(asc(settlements.id));
  await tx
    .update(settlements)
    .set({ splitId: null })
    .where(inArray(settlements.splitId, oldSplitIds));
  await tx.delete(expenseSplits).where(inArray(expenseSplits.id, oldSplitIds));
  if (payments.length === 0) return;
  const fresh = await splitsOf(tx, expense.id);
  for (const payment of payments) {
    const split = fresh.find(
      (candidate) =>
        candidate.userId === payment.fromId &&
        candidate.payerId === payment.toId &&
        candidate.amountCents - candidate.settledCents >= payment.amountCents,
    );
    if (!split) continue;
    split.settledCents += payment.amountCents;
    await tx
      .update(expenseSplits)
      .set({ settledCents: split.settledCents })
      .where(eq(expenseSplits.id, split.id));
    await tx.update(settlements).set({ splitId: split.id }).where(eq(settlements.id, payment.id));
  }
}

interface PaidIn {
  currency: string;
  /** What was paid, in `currency`'s minor units. */
  amountMinor: number;
  /** Set for a group expense in another currency than the group's. */
  foreign: ForeignMoney | null;
}

/**
 * What a changed expense is paid in: the currency and amount sent, else those it had; a group
 * expense in another currency keeps its locked rate unless a new one is sent or the currency
 * changes (then the group's latest applies).
 */
async function paidInOf(tx: Tx, expense: ExpenseRow, body: Body): Promise<PaidIn> {
  const was = expense.originalCurrency ?? expense.currency;
  const currency = body.currency ?? was;
  if (currency !== was && body.amount_cents === undefined) {
    throw new AppError(400, 'validation_failed', undefined, [
      {
        path: 'amount_cents',
        code: 'required',
        message: `Give the amount in ${currency} too`,
      },
    ]);
  }
  const amountMinor = body.amount_cents ?? expense.originalAmountMinor ?? expense.amountCents;
  if (expense.groupId === null) {
    assertNoPersonalRate(body);
    return { currency, amountMinor, foreign: null };
  }
  const foreign = await resolveForeignMoney(tx, {
    groupId: expense.groupId,
    homeCurrency: expense.currency,
    currency,
    exchangeRate: body.exchange_rate,
    lockedRate: currency === expense.originalCurrency ? expense.exchangeRate : null,
  });
  return { currency, amountMinor, foreign };
}

export interface ChangeExpenseOptions {
  actor: UserRow;
  id: number;
  body: Body;
}

/**
 * Changes an expense in the caller's transaction: checks, the new splits, the payments carried
 * over, the ledger and the activity entry. PATCH /expenses/{id} and a recurring bill's edit "from
 * this occurrence on" both go through here.
 */
export async function changeExpense(
  config: Config,
  tx: Tx,
  { actor, id, body }: ChangeExpenseOptions,
): Promise<ExpenseRow> {
  const { expense, ledger } = await lockForChange(config, tx, { actor, id, version: body.version });
  const groupId = expense.groupId;
  const paidIn = await paidInOf(tx, expense, body);
  const amountCents = paidIn.foreign
    ? homeAmount(paidIn.amountMinor, paidIn.foreign, expense.currency)
    : paidIn.amountMinor;
  const { paidBy, payers } = await resolvePayers(tx, {
    groupId,
    paidBy: body.paid_by,
    payers: body.payers,
    current: { paidBy: expense.paidBy, payers: expense.payers },
    // Several payers' amounts are in what was paid, like the amount.
    amountCents: paidIn.amountMinor,
    currency: paidIn.currency,
  });
  if (groupId === null && paidBy !== expense.paidBy) {
    throw new AppError(400, 'validation_failed', undefined, [
      { path: 'paid_by', code: 'invalid', message: 'A personal expense is paid by its owner' },
    ]);
  }
  if (groupId !== null && paidBy !== expense.paidBy) await assertPayerIsMember(tx, groupId, paidBy);
  if (body.category_id !== undefined) {
    await assertExpenseCategory(tx, body.category_id, {
      groupId,
      userId: expense.createdBy ?? actor.id,
    });
  }
  const moneyChanged =
    amountCents !== expense.amountCents ||
    paidIn.amountMinor !== (expense.originalAmountMinor ?? expense.amountCents) ||
    paidIn.foreign?.rate !== (expense.exchangeRate ?? undefined) ||
    paidIn.currency !== (expense.originalCurrency ?? expense.currency) ||
    paidBy !== expense.paidBy ||
    JSON.stringify(payers) !== JSON.stringify(expense.payers) ||
    body.split !== undefined;
  const split = body.split ?? (expense.splitInput as Body['split'] & object);
  const [row] = await tx
    .update(expenses)
    .set({
      description: body.description ?? expense.description,
      amountCents,
      // A personal expense is kept in what it was paid in; a group's in its home currency.
      currency: groupId === null ? paidIn.currency : expense.currency,
      ...originalColumns(paidIn.foreign, paidIn.amountMinor),
      date: body.date ?? expense.date,
      paidBy,
      payers,
      categoryId: body.category_id === undefined ? expense.categoryId : body.category_id,
      notes: body.notes ?? expense.notes,
      splitType: split.type,
      splitInput: split,
      version: expense.version + 1,
      updatedAt: sql`now()`,
    })
    .where(eq(expenses.id, id))
    .returning();
  if (moneyChanged) {
    const old = await splitsOf(tx, id);
    const shares =
      groupId === null
        ? [{ userId: paidBy, amountCents }]
        : homeShares(
            await sharesOf(tx, split, {
              groupId,
              listId: row!.listId,
              amountCents: paidIn.amountMinor,
              currency: paidIn.currency,
              rotation: rotationOfDate(row!.date),
            }),
            paidIn.foreign,
            row!.currency,
          );
    const rows = await insertSplits(tx, row!, shares);
    await reattachPayments(
      tx,
      row!,
      old.map((split) => split.id),
    );
    if (ledger) {
      const changes: BalanceChanges = new Map();
      rowChanges(changes, old, -1);
      rowChanges(changes, rows, 1);
      await commitToLedger(tx, ledger, changes);
    }
  }
  await recordExpenseActivity(tx, {
    expense: row!,
    actorId: actor.id,
    verb: 'expense_updated',
  });
  await rememberGivenRate(tx, paidIn.foreign, row!, actor.id);
  return row!;
}

export async function updateExpense(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: Body,
): Promise<Expense> {
  const updated = await ctx.db.transaction((tx) =>
    changeExpense(ctx.config, tx, { actor, id, body }),
  );
  await ctx.events.publish(expenseEvent(updated, 'updated', actor.id));
  const [presented] = await presentExpenses(ctx.db, ctx.config, [updated]);
  return presented!;
}

/**
 * Deletes an expense. Payments made against its splits stay as payments between the two people
 * (the money did change hands), with the expense's description as their note when they had none.
 */
export async function deleteExpense(ctx: AppContext, actor: UserRow, id: number, version: number) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const { expense, ledger } = await lockForChange(ctx.config, tx, { actor, id, version });
    const old = await splitsOf(tx, id);
    await tx
      .update(settlements)
      .set({
        note: sql`case when ${settlements.note} = '' then ${expense.description} else ${settlements.note} end`,
      })
      .where(eq(settlements.expenseId, id));
    await tx.delete(expenses).where(eq(expenses.id, id));
    if (ledger) {
      const changes: BalanceChanges = new Map();
      rowChanges(changes, old, -1);
      await commitToLedger(tx, ledger, changes);
    }
    await recordExpenseActivity(tx, { expense, actorId: actor.id, verb: 'expense_deleted' });
    return expense;
  });
  await ctx.events.publish(expenseEvent(deleted, 'deleted', actor.id));
}
