import { INT4_MAX, type ExpenseSeries, type ZCreateExpenseSeriesBody } from '@household/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { expenseSeries, type ExpenseRow, type UserRow } from '../../db/schema';
import { groupNotFound, requireMembership } from '../groups/membership';
import { makeDueOccurrences } from './bill-occurrences';
import { presentSeries } from './expense-series.presenter';
import { requireVisibleSeries } from './expense-series.policy';
import { expenseEvent, seriesEvent } from './money-changes';
import { assertRuleFits, assertTemplateFits, normalRule } from './series-checks';
import { nextSeriesDate, todayInZone } from './series-dates';

type Body = z.output<typeof ZCreateExpenseSeriesBody>;

/** After commit: the expenses a change of a series made, as any new expense is announced. */
export async function announceMade(ctx: AppContext, made: readonly ExpenseRow[], actorId: number) {
  for (const expense of made) await ctx.events.publish(expenseEvent(expense, 'created', actorId));
}

/**
 * Starts a recurring expense: checked like a new expense, then every date of it up to today (in
 * the group's time zone, or the owner's) is made at once, in the same transaction.
 */
export async function createSeries(
  ctx: AppContext,
  actor: UserRow,
  body: Body,
): Promise<ExpenseSeries> {
  const groupId = body.group_id ?? null;
  const { series, expenses } = await ctx.db.transaction(async (tx) => {
    const membership = groupId === null ? null : await requireMembership(tx, groupId, actor.id);
    const today = todayInZone(membership?.group.timeZone ?? actor.timezone, ctx.clock());
    const rule = normalRule(body.rule);
    assertRuleFits(rule, { today, startIsNew: true });
    const paidBy = body.paid_by ?? actor.id;
    const split =
      body.split ??
      (groupId === null ? { type: 'equal' as const, participants: [actor.id] } : undefined);
    const currency = membership?.group.currency ?? actor.currency;
    await assertTemplateFits(tx, {
      groupId,
      ownerId: actor.id,
      amountCents: body.amount_cents,
      paidBy,
      categoryId: body.category_id ?? null,
      split,
      currency,
    });
    const [row] = await tx
      .insert(expenseSeries)
      .values({
        groupId,
        createdBy: actor.id,
        description: body.description,
        amountCents: body.amount_cents,
        currency,
        paidBy,
        categoryId: body.category_id ?? null,
        notes: body.notes,
        splitType: split!.type,
        splitInput: split!,
        rule,
        nextDate: nextSeriesDate(rule, null),
      })
      .returning();
    return makeDueOccurrences(tx, row!, { today, actorId: actor.id });
  });
  await ctx.events.publish(seriesEvent(series, 'created', actor.id));
  await announceMade(ctx, expenses, actor.id);
  const [presented] = await presentSeries(ctx.db, ctx.config, [series]);
  return presented!;
}

/** A group's series (members only), or without a group my personal ones; oldest first. */
export async function listSeries(
  ctx: AppContext,
  actor: UserRow,
  query: { group_id?: number | undefined },
): Promise<{ series: ExpenseSeries[] }> {
  if (query.group_id !== undefined) {
    // The query's contract takes any positive number; no group has an id past the column's range.
    if (query.group_id > INT4_MAX) throw groupNotFound();
    await requireMembership(ctx.db, query.group_id, actor.id);
  }
  const rows = await ctx.db
    .select()
    .from(expenseSeries)
    .where(
      query.group_id === undefined
        ? and(isNull(expenseSeries.groupId), eq(expenseSeries.createdBy, actor.id))
        : eq(expenseSeries.groupId, query.group_id),
    )
    .orderBy(asc(expenseSeries.id));
  return { series: await presentSeries(ctx.db, ctx.config, rows) };
}

export async function getSeries(ctx: AppContext, actor: UserRow, id: number) {
  const { series } = await requireVisibleSeries(ctx.db, id, actor.id);
  const [presented] = await presentSeries(ctx.db, ctx.config, [series]);
  return presented!;
}
