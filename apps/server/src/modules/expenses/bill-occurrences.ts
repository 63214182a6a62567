import type { SplitInputParsed, ZCreateExpenseBody } from '@household/contracts';
import { addCalendarDays, todayIn, type CalendarDate } from '@household/domain';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  expenseOccurrences,
  expenseSeries,
  groups,
  users,
  type ExpenseRow,
  type ExpenseSeriesRow,
} from '../../db/schema';
import { AppError } from '../../http/problem';
import type { ScheduledJob } from '../../lib/scheduler';
import { notifyBillAmountNeeded } from '../notifications/fan-out';
import { JOB_LOCKS } from '../notifications/scheduled';
import { writeExpense } from './create-expense';
import { expenseEvent } from './money-changes';
import { countReached, nextSeriesDate, seriesDatesBetween, todayInZone } from './series-dates';

/*
 * Making a recurring bill's occurrences (docs/expenses.md "Recurring bills"): on creation, on
 * resume and after an edit for what is due at once, and every minute for every series whose next
 * date has come in its time zone.
 */

type ExpenseBody = z.output<typeof ZCreateExpenseBody>;

/** The expense of one occurrence: the series' template on that date. */
export function occurrenceBody(
  series: ExpenseSeriesRow,
  date: CalendarDate,
  amountCents: number,
): ExpenseBody {
  return {
    group_id: series.groupId,
    description: series.description,
    amount_cents: amountCents,
    date,
    paid_by: series.paidBy,
    category_id: series.categoryId,
    notes: series.notes,
    split: series.splitInput as SplitInputParsed,
  };
}

/** Who an occurrence's expense is written by: the series' creator, or its payer once they are gone. */
export const occurrenceCreator = (series: ExpenseSeriesRow) => series.createdBy ?? series.paidBy;

export interface MadeOccurrences {
  series: ExpenseSeriesRow;
  /** The expenses made, to announce once the transaction commits. */
  expenses: ExpenseRow[];
}

/**
 * Makes every occurrence of a locked, active series from its next date up to `today`, each once:
 * the occurrence row's primary key claims the date (a date skipped ahead of time is already
 * claimed, and passes without an expense), then a fixed bill's expense is written like any other
 * and a variable bill's payer is told its amount is needed. Then the series moves on to its first
 * date after today, or ends when its `until` or `count` is reached.
 */
export async function makeDueOccurrences(
  tx: Tx,
  series: ExpenseSeriesRow,
  { today, actorId }: { today: CalendarDate; actorId: number | null },
): Promise<MadeOccurrences> {
  if (series.status !== 'active' || series.nextDate === null || series.nextDate > today) {
    return { series, expenses: [] };
  }
  const remaining =
    series.rule.count === null || series.rule.count === undefined
      ? Number.POSITIVE_INFINITY
      : series.rule.count - series.occurrencesMade;
  const dates = seriesDatesBetween(
    series.rule,
    addCalendarDays(series.nextDate, -1),
    today,
    remaining,
  );
  const expenses: ExpenseRow[] = [];
  for (const date of dates) {
    const [claimed] = await tx
      .insert(expenseOccurrences)
      .values({
        seriesId: series.id,
        date,
        status: series.amountCents === null ? 'awaiting_amount' : 'made',
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) continue;
    if (series.amountCents === null) {
      await notifyBillAmountNeeded(tx, series, date, actorId);
      continue;
    }
    const expense = await writeExpense(tx, {
      creatorId: occurrenceCreator(series),
      actorId,
      currency: series.currency,
      body: occurrenceBody(series, date, series.amountCents),
    });
    await tx
      .update(expenseOccurrences)
      .set({ expenseId: expense.id })
      .where(and(eq(expenseOccurrences.seriesId, series.id), eq(expenseOccurrences.date, date)));
    expenses.push(expense);
  }
  const moved = {
    rule: series.rule,
    occurrencesMade: series.occurrencesMade + dates.length,
  };
  const nextDate = countReached(moved) ? null : nextSeriesDate(series.rule, today);
  const [updated] = await tx
    .update(expenseSeries)
    .set({
      nextDate,
      lastDate: dates.at(-1) ?? series.lastDate,
      occurrencesMade: moved.occurrencesMade,
      status: nextDate === null ? 'ended' : 'active',
    })
    .where(eq(expenseSeries.id, series.id))
    .returning();
  return { series: updated!, expenses };
}

/** At most this many series per tick; the next tick (a minute later) takes the rest. */
const SERIES_PER_TICK = 100;

interface DueBillsOptions {
  log: { warn(object: object, message: string): void };
}

/**
 * The scheduled turn: every active series whose next date has come in its time zone (the group's,
 * or a personal series' owner's). Each series is made in its own savepoint with its row locked
 * `for update skip locked`: one being edited right now waits for the next tick instead of holding
 * this one up. A series whose expense can no longer be written (its payer or someone of its split
 * left the group) is paused, and waits for an edit and a resume.
 */
export async function makeDueBills(
  tx: Tx,
  now: Date,
  { log }: DueBillsOptions,
): Promise<ExpenseRow[]> {
  // Every zone's today lies within a day of UTC's.
  const horizon = addCalendarDays(todayIn('UTC', now), 1);
  const candidates = await tx
    .select({
      id: expenseSeries.id,
      nextDate: expenseSeries.nextDate,
      groupZone: groups.timeZone,
      ownerZone: users.timezone,
    })
    .from(expenseSeries)
    .leftJoin(groups, eq(groups.id, expenseSeries.groupId))
    .leftJoin(users, eq(users.id, expenseSeries.createdBy))
    .where(and(eq(expenseSeries.status, 'active'), lte(expenseSeries.nextDate, horizon)))
    .orderBy(asc(expenseSeries.nextDate), asc(expenseSeries.id));
  const due = candidates
    .map((candidate) => ({
      ...candidate,
      today: todayInZone(candidate.groupZone ?? candidate.ownerZone ?? 'UTC', now),
    }))
    .filter((candidate) => candidate.nextDate !== null && candidate.nextDate <= candidate.today)
    .slice(0, SERIES_PER_TICK);
  const made: ExpenseRow[] = [];
  for (const candidate of due) {
    try {
      const outcome = await tx.transaction(async (savepoint) => {
        const [series] = await savepoint
          .select()
          .from(expenseSeries)
          .where(and(eq(expenseSeries.id, candidate.id), eq(expenseSeries.status, 'active')))
          .for('update', { skipLocked: true });
        if (!series) return null;
        return makeDueOccurrences(savepoint, series, {
          today: candidate.today,
          actorId: series.createdBy,
        });
      });
      if (outcome) made.push(...outcome.expenses);
    } catch (error) {
      // A refusal of the expense rules: the bill cannot be written as it stands. Anything else
      // (the database) fails the turn, and the next tick tries again.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      log.warn({ err: error, seriesId: candidate.id }, 'recurring expense paused');
      await tx
        .update(expenseSeries)
        .set({ status: 'paused', version: sql`${expenseSeries.version} + 1`, updatedAt: now })
        .where(eq(expenseSeries.id, candidate.id));
    }
  }
  return made;
}

/** The scheduler's job (lib/scheduler.ts): once a minute, once across all server processes. */
export function recurringBillsJob(ctx: AppContext, options: DueBillsOptions): ScheduledJob {
  return {
    name: 'recurring bills',
    lockKey: JOB_LOCKS.recurringBills,
    everyMs: 0,
    run: async (tx, now) => {
      const made = await makeDueBills(tx, now, options);
      if (made.length === 0) return;
      return async () => {
        // Nobody made these: the schedule did.
        for (const expense of made)
          await ctx.events.publish(expenseEvent(expense, 'created', null));
      };
    },
  };
}
