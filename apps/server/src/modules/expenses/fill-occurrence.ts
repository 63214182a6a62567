import type { Expense } from '@household/contracts';
import type { CalendarDate } from '@household/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { expenseOccurrences, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/problem';
import { occurrenceBody, occurrenceCreator } from './bill-occurrences';
import { writeExpense } from './create-expense';
import { lockSeriesForChange } from './edit-expense-series';
import { presentExpenses } from './expenses.presenter';
import { expenseEvent, seriesEvent } from './money-changes';

/**
 * PUT /expense-series/{id}/occurrences/{date}: a variable bill's waiting occurrence gets its
 * amount and becomes an expense of the series' template as it is now, dated that day; only from
 * then on does it count in the balances. Once: a second fill answers 409.
 */
export async function fillOccurrence(
  ctx: AppContext,
  actor: UserRow,
  { id, date, amountCents }: { id: number; date: CalendarDate; amountCents: number },
): Promise<Expense> {
  const filled = await ctx.db.transaction(async (tx) => {
    const { series } = await lockSeriesForChange(ctx, tx, { actor, id });
    const where = and(eq(expenseOccurrences.seriesId, id), eq(expenseOccurrences.date, date));
    const [occurrence] = await tx.select().from(expenseOccurrences).where(where).for('update');
    if (occurrence?.status === 'made') {
      throw new AppError(409, 'conflict', 'That occurrence already has its amount');
    }
    if (occurrence?.status !== 'awaiting_amount') {
      throw notFound('No occurrence of this recurring expense waits for an amount on that date');
    }
    const expense = await writeExpense(tx, {
      creatorId: occurrenceCreator(series),
      actorId: actor.id,
      currency: series.currency,
      body: occurrenceBody(series, date, amountCents),
    });
    await tx
      .update(expenseOccurrences)
      .set({ status: 'made', expenseId: expense.id, updatedAt: sql`now()` })
      .where(where);
    return { expense, series };
  });
  // The bill no longer waits: its series changes for everyone who sees it, and the expense is new.
  await ctx.events.publish(seriesEvent(filled.series, 'updated', actor.id));
  await ctx.events.publish(expenseEvent(filled.expense, 'created', actor.id));
  const [presented] = await presentExpenses(ctx.db, ctx.config, [filled.expense]);
  return presented!;
}
