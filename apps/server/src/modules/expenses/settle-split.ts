import type { SettleSplitResult } from '@household/contracts';
import { checkSettlement, formatMoney } from '@household/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { expenseSplits, expenses, settlements, type UserRow } from '../../db/schema';
import { forbidden, notFound, validationFailed } from '../../http/problem';
import { presentExpenses, presentSettlements } from './expenses.presenter';
import { requireVisibleExpense } from './expenses.policy';
import { commitToLedger, lockLedger, paymentChanges } from './ledger';
import { expenseEvent, recordExpenseActivity, settlementEvent } from './money-changes';

const today = () => new Date().toISOString().slice(0, 10);

/** A payment larger than what is still open of its split. */
export function exceedsRemaining(remainingCents: number, currency: string) {
  const remaining = formatMoney(remainingCents, currency, 'en');
  return validationFailed([
    {
      path: 'amount_cents',
      code: 'exceeds_remaining',
      message: `Amount cannot exceed remaining: ${remaining}`,
    },
  ]);
}

export interface SettleSplitOptions {
  expenseId: number;
  splitId: number;
  amountCents: number;
}

/**
 * Pays `amountCents` of one's own split of a group expense to its payer (spec §5, §6). The split is
 * read after the group's ledger lock, so concurrent settlements of one split are checked one after
 * the other and can never settle more than it is (a check constraint stands behind that too).
 */
export async function settleSplit(
  ctx: AppContext,
  actor: UserRow,
  { expenseId, splitId, amountCents }: SettleSplitOptions,
): Promise<SettleSplitResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const { expense: seen } = await requireVisibleExpense(tx, expenseId, actor.id);
    if (seen.groupId === null) throw notFound('No such split');
    const ledger = await lockLedger(tx, seen.groupId);
    const { expense } = await requireVisibleExpense(tx, expenseId, actor.id, { lock: true });
    const [split] = await tx
      .select()
      .from(expenseSplits)
      .where(and(eq(expenseSplits.id, splitId), eq(expenseSplits.expenseId, expenseId)));
    if (!split) throw notFound('No such split');
    const refusal = checkSettlement(
      { userId: split.userId, owedCents: split.amountCents, settledCents: split.settledCents },
      actor.id,
      amountCents,
    );
    if (refusal?.code === 'not_own_share') throw forbidden('You can only settle your own shares');
    if (refusal?.code === 'not_positive') {
      throw validationFailed([
        { path: 'amount_cents', code: 'not_positive', message: 'Please enter a positive amount' },
      ]);
    }
    if (refusal?.code === 'exceeds_remaining') {
      throw exceedsRemaining(refusal.remainingCents, expense.currency);
    }
    await tx
      .update(expenseSplits)
      .set({ settledCents: split.settledCents + amountCents })
      .where(eq(expenseSplits.id, split.id));
    const [settlement] = await tx
      .insert(settlements)
      .values({
        groupId: seen.groupId,
        fromId: actor.id,
        toId: split.payerId,
        amountCents,
        date: today(),
        expenseId,
        splitId,
        createdBy: actor.id,
      })
      .returning();
    const [bumped] = await tx
      .update(expenses)
      .set({ version: sql`${expenses.version} + 1`, updatedAt: sql`now()` })
      .where(eq(expenses.id, expenseId))
      .returning();
    const changes = new Map<number, number>();
    paymentChanges(changes, settlement!, 1);
    await commitToLedger(tx, ledger, changes);
    await recordExpenseActivity(tx, {
      expense,
      actorId: actor.id,
      verb: 'split_settled',
      subjectUserId: split.payerId,
      details: { settled_cents: amountCents },
    });
    return { settlement: settlement!, expense: bumped! };
  });
  await ctx.events.publish(settlementEvent(result.settlement, 'created', actor.id));
  await ctx.events.publish(expenseEvent(result.expense, 'updated', actor.id));
  const [expense] = await presentExpenses(ctx.db, ctx.config, [result.expense]);
  const [settlement] = await presentSettlements(
    ctx.db,
    ctx.config,
    [result.settlement],
    result.expense.currency,
  );
  return { settlement: settlement!, expense: expense! };
}
