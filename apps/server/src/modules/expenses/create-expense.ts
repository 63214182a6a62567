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
import {
  homeAmount,
  homeShares,
  originalColumns,
  rememberGivenRate,
  resolveForeignMoney,
} from './foreign-currency';
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
  /** The group's home currency (or the owner's), as the caller read it. */
  currency: string;
  body: Body;
}

/** A personal expense is kept in the currency it was paid in, as is: it has no rate. */
export function assertNoPersonalRate(body: Pick<Body, 'exchange_rate'>) {
  if (body.exchange_rate === undefined) return;
  throw validationFailed([
    {
      path: 'exchange_rate',
      code: 'invalid',
      message: 'A personal expense is kept in its own currency, without a rate',
    },
  ]);
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
    // Several payers' amounts are in what was paid, like the amount.
    amountCents: body.amount_cents,
    currency: body.currency ?? currency,
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
  if (groupId === null) assertNoPersonalRate(body);
  const foreign =
    groupId === null
      ? null
      : await resolveForeignMoney(tx, {
          groupId,
          homeCurrency: currency,
          currency: body.currency ?? currency,
          exchangeRate: body.exchange_rate,
        });
  const amountCents = foreign
    ? homeAmount(body.amount_cents, foreign, currency)
    : body.amount_cents;
  const [expense] = await tx
    .insert(expenses)
    .values({
      groupId,
      createdBy: creatorId,
      listId: body.list_id ?? null,
      description: body.description,
      amountCents,
      currency: groupId === null ? (body.currency ?? currency) : currency,
      ...originalColumns(foreign, body.amount_cents),
      date: body.date,
      paidBy,
      payers,
      categoryId: body.category_id ?? null,
      notes: body.notes,
      splitType: split.type,
      splitInput: split,
    })
    .returning();
  // The split is worked out in what was paid, then converted so the shares add up to the total.
  const shares =
    groupId === null
      ? [{ userId: creatorId, amountCents }]
      : homeShares(
          await sharesOf(tx, split, {
            groupId,
            listId: expense!.listId,
            amountCents: body.amount_cents,
            currency: foreign?.currency ?? currency,
            rotation: rotationOfDate(expense!.date),
          }),
          foreign,
          currency,
        );
  const rows = await insertSplits(tx, expense!, shares);
  if (ledger) {
    const changes = new Map<number, number>();
    rowChanges(changes, rows, 1);
    await commitToLedger(tx, ledger, changes);
    await recordExpenseActivity(tx, { expense: expense!, actorId, verb: 'expense_added' });
    await notifyExpense(tx, expense!, shares, actorId);
    await rememberGivenRate(tx, foreign, expense!, actorId ?? creatorId);
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
