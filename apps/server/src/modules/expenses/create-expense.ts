import type { Expense, ZCreateExpenseBody } from '@household/contracts';
import { rotationOfDate, type PayerRow, type Share } from '@household/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { expenseSplits, expenses, type ExpenseRow, type UserRow } from '../../db/schema';
import { validationFailed } from '../../http/problem';
import { requireMembership } from '../groups/membership';
import { requireVisibleList } from '../lists/lists.policy';
import { presentExpenses } from './expenses.presenter';
import { ledgerRowsOf, resolvePayers } from './expense-payers';
import { commitToLedger, lockLedger, rowChanges } from './ledger';
import { expenseEvent, recordExpenseActivity } from './money-changes';
import { assertExpenseCategory, sharesOf } from './split-input';
import { notifyExpense } from '../notifications/fan-out';

type Body = z.output<typeof ZCreateExpenseBody>;

/**
 * Writes an expense's splits: one per person and payer (`ledgerRowsOf`), and returns them. A
 * payer's own part is settled from the start (nobody owes it to anyone), so only what others owe
 * stays open.
 */
export async function insertSplits(
  tx: Tx,
  expense: ExpenseRow,
  shares: readonly Share[],
): Promise<PayerRow[]> {
  const rows = ledgerRowsOf(expense, shares);
  if (rows.length === 0) return rows;
  await tx.insert(expenseSplits).values(
    rows.map((row) => ({
      expenseId: expense.id,
      groupId: expense.groupId,
      payerId: row.payerId,
      userId: row.userId,
      amountCents: row.amountCents,
      settledCents: row.userId === row.payerId ? row.amountCents : 0,
    })),
  );
  return rows;
}

/** The list an expense belongs to must be visible to me and in the expense's group (or personal). */
export async function assertListFits(
  tx: Tx,
  listId: number | null | undefined,
  groupId: number | null,
  userId: number,
) {
  if (listId === null || listId === undefined) return;
  const { list } = await requireVisibleList(tx, listId, userId).catch(() => {
    throw validationFailed([
      { path: 'list_id', code: 'invalid_reference', message: 'No such list' },
    ]);
  });
  if (list.groupId !== groupId) {
    throw validationFailed([
      {
        path: 'list_id',
        code: 'invalid_reference',
        message:
          groupId === null
            ? 'A personal expense needs a personal list'
            : "The list is not the group's",
      },
    ]);
  }
}

export async function assertPayerIsMember(tx: Tx, groupId: number, payerId: number) {
  try {
    await requireMembership(tx, groupId, payerId);
  } catch {
    throw validationFailed([
      { path: 'paid_by', code: 'not_a_member', message: 'The payer must be a member of the group' },
    ]);
  }
}

export interface WriteExpenseOptions {
  /** Who adds it: its `created_by`, and the owner of a personal expense. */
  creatorId: number;
  /** Who the activity names and who is not told of it; null when the schedule made it. */
  actorId: number | null;
  /** The group's currency (or the owner's), as the caller read it. */
  currency: string;
  body: Body;
}

/**
 * Writes a new expense in the caller's transaction and everything that follows from it: its
 * splits, the group's ledger (locked first), an activity entry and the notifications. POST
 * /expenses and a recurring bill's occurrences both go through here, so they cannot differ.
 */
export async function writeExpense(
  tx: Tx,
  { creatorId, actorId, currency, body }: WriteExpenseOptions,
): Promise<ExpenseRow> {
  const groupId = body.group_id ?? null;
  const ledger = groupId === null ? null : await lockLedger(tx, groupId);
  const { paidBy, payers } = await resolvePayers(tx, {
    groupId,
    paidBy: body.paid_by,
    payers: body.payers,
    current: { paidBy: creatorId, payers: null },
    amountCents: body.amount_cents,
    currency,
  });
  if (groupId === null && paidBy !== creatorId) {
    throw validationFailed([
      { path: 'paid_by', code: 'invalid', message: 'A personal expense is paid by its owner' },
    ]);
  }
  if (groupId !== null) await assertPayerIsMember(tx, groupId, paidBy);
  if (groupId !== null && body.split === undefined) {
    throw validationFailed([
      { path: 'split', code: 'required', message: 'Say how the expense is split' },
    ]);
  }
  await assertListFits(tx, body.list_id, groupId, creatorId);
  await assertExpenseCategory(tx, body.category_id, { groupId, userId: creatorId });
  const split = body.split ?? { type: 'equal' as const, participants: [creatorId] };
  const [expense] = await tx
    .insert(expenses)
    .values({
      groupId,
      createdBy: creatorId,
      listId: body.list_id ?? null,
      description: body.description,
      amountCents: body.amount_cents,
      currency,
      date: body.date,
      paidBy,
      payers,
      categoryId: body.category_id ?? null,
      notes: body.notes,
      splitType: split.type,
      splitInput: split,
    })
    .returning();
  const shares =
    groupId === null
      ? [{ userId: creatorId, amountCents: body.amount_cents }]
      : await sharesOf(tx, split, {
          groupId,
          listId: expense!.listId,
          amountCents: expense!.amountCents,
          currency: expense!.currency,
          rotation: rotationOfDate(expense!.date),
        });
  const rows = await insertSplits(tx, expense!, shares);
  if (ledger) {
    const changes = new Map<number, number>();
    rowChanges(changes, rows, 1);
    await commitToLedger(tx, ledger, changes);
    await recordExpenseActivity(tx, { expense: expense!, actorId, verb: 'expense_added' });
    await notifyExpense(tx, expense!, shares, actorId);
  }
  return expense!;
}

export async function createExpense(ctx: AppContext, actor: UserRow, body: Body): Promise<Expense> {
  const groupId = body.group_id ?? null;
  const created = await ctx.db.transaction(async (tx) => {
    const membership = groupId === null ? null : await requireMembership(tx, groupId, actor.id);
    return writeExpense(tx, {
      creatorId: actor.id,
      actorId: actor.id,
      currency: membership?.group.currency ?? actor.currency,
      body,
    });
  });
  await ctx.events.publish(expenseEvent(created, 'created', actor.id));
  const [presented] = await presentExpenses(ctx.db, ctx.config, [created]);
  return presented!;
}
