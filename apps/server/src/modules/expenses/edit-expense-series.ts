import type {
  ExpenseSeries,
  SplitInputParsed,
  ZSkipOccurrenceBody,
  ZUpdateExpenseBody,
  ZUpdateExpenseSeriesBody,
} from '@household/contracts';
import { addCalendarDays, addCalendarMonths, laterOf, type CalendarDate } from '@household/domain';
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  expenseOccurrences,
  expenseSeries,
  expenses,
  type ExpenseRow,
  type ExpenseSeriesRow,
  type UserRow,
} from '../../db/schema';
import { AppError, validationFailed } from '../../http/problem';
import { makeDueOccurrences } from './bill-occurrences';
import { changeExpense } from './edit-expense';
import { announceMade } from './expense-series';
import { presentSeries } from './expense-series.presenter';
import {
  assertCanChangeSeries,
  requireVisibleSeries,
  type VisibleSeries,
} from './expense-series.policy';
import { expenseEvent, seriesEvent } from './money-changes';
import { assertRuleFits, assertTemplateFits, normalRule } from './series-checks';
import { countReached, nextSeriesDate, seriesDatesBetween, todayInZone } from './series-dates';

type UpdateBody = z.output<typeof ZUpdateExpenseSeriesBody>;
type ExpenseChange = Omit<z.output<typeof ZUpdateExpenseBody>, 'version'>;

const staleVersion = (current: ExpenseSeries) =>
  new AppError(
    409,
    'conflict',
    'The recurring expense was changed meanwhile; reload it and try again',
    undefined,
    undefined,
    { current },
  );

const hasEnded = () => new AppError(409, 'conflict', 'The recurring expense has ended');

export interface LockedSeries extends VisibleSeries {
  /** Today in the series' time zone: the group's, or the owner's. */
  today: CalendarDate;
}

/**
 * Reads and locks a series for a change, before any ledger lock (the order every change of a
 * series takes its locks in, the scheduler's too), and checks who may change it and, when given,
 * the version the change was based on.
 */
export async function lockSeriesForChange(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  tx: Tx,
  { actor, id, version }: { actor: UserRow; id: number; version?: number },
): Promise<LockedSeries> {
  const visible = await requireVisibleSeries(tx, id, actor.id, { lock: true });
  assertCanChangeSeries(visible, actor.id);
  if (version !== undefined && visible.series.version !== version) {
    const [current] = await presentSeries(tx, ctx.config, [visible.series]);
    throw staleVersion(current!);
  }
  const zone = visible.membership?.group.timeZone ?? actor.timezone;
  return { ...visible, today: todayInZone(zone, ctx.clock()) };
}

/** The first date a changed or resumed series makes: after what it made, and from today on. */
function nextDateFrom(series: ExpenseSeriesRow, rule: ExpenseSeriesRow['rule'], today: string) {
  if (countReached({ rule, occurrencesMade: series.occurrencesMade })) return null;
  const yesterday = addCalendarDays(today, -1);
  return nextSeriesDate(rule, series.lastDate ? laterOf(series.lastDate, yesterday) : yesterday);
}

/** The expense fields a series edit carries over to the expenses made from `from_date` on. */
function expenseChangeOf(body: UpdateBody): ExpenseChange {
  return {
    ...(body.description === undefined ? {} : { description: body.description }),
    // Turning a bill variable leaves the amounts it had.
    ...(body.amount_cents === undefined || body.amount_cents === null
      ? {}
      : { amount_cents: body.amount_cents }),
    ...(body.paid_by === undefined ? {} : { paid_by: body.paid_by }),
    ...(body.category_id === undefined ? {} : { category_id: body.category_id }),
    ...(body.notes === undefined ? {} : { notes: body.notes }),
    ...(body.split === undefined ? {} : { split: body.split }),
  };
}

/**
 * The expenses of the series made on `fromDate` and after, changed through the expense edit (with
 * each one's current version, under its lock); the earlier ones stay as they were.
 */
async function changeMadeExpenses(
  config: Config,
  tx: Tx,
  {
    actor,
    seriesId,
    fromDate,
    change,
  }: {
    actor: UserRow;
    seriesId: number;
    fromDate: CalendarDate;
    change: ExpenseChange;
  },
): Promise<ExpenseRow[]> {
  const made = await tx
    .select({ date: expenseOccurrences.date, expenseId: expenseOccurrences.expenseId })
    .from(expenseOccurrences)
    .where(
      and(
        eq(expenseOccurrences.seriesId, seriesId),
        gte(expenseOccurrences.date, fromDate),
        isNotNull(expenseOccurrences.expenseId),
      ),
    )
    .orderBy(asc(expenseOccurrences.date));
  if (made[0]?.date !== fromDate) {
    throw validationFailed([
      {
        path: 'from_date',
        code: 'invalid_reference',
        message: 'No expense of this recurring expense on that date',
      },
    ]);
  }
  if (Object.keys(change).length === 0) return [];
  const changed: ExpenseRow[] = [];
  for (const { expenseId } of made) {
    const [current] = await tx
      .select({ version: expenses.version })
      .from(expenses)
      .where(eq(expenses.id, expenseId!));
    if (!current) continue;
    changed.push(
      await changeExpense(config, tx, {
        actor,
        id: expenseId!,
        body: { ...change, version: current.version },
      }),
    );
  }
  return changed;
}

/**
 * PATCH /expense-series/{id}: the template and the rule for the occurrences from now on. A new
 * rule starts after the last date made and from today on (dates of it before today are not made
 * after the fact). With `from_date`, the expenses made from that date on change too.
 */
export async function updateSeries(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: UpdateBody,
): Promise<ExpenseSeries> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { series, today } = await lockSeriesForChange(ctx, tx, {
      actor,
      id,
      version: body.version,
    });
    if (series.status === 'ended') throw hasEnded();
    const rule = body.rule ? normalRule(body.rule) : series.rule;
    if (body.rule) {
      assertRuleFits(rule, { today, startIsNew: rule.start_date !== series.rule.start_date });
    }
    const amountCents = body.amount_cents === undefined ? series.amountCents : body.amount_cents;
    const paidBy = body.paid_by ?? series.paidBy;
    const categoryId = body.category_id === undefined ? series.categoryId : body.category_id;
    const split = body.split ?? (series.splitInput as SplitInputParsed);
    const templateChanged = [body.amount_cents, body.paid_by, body.category_id, body.split].some(
      (field) => field !== undefined,
    );
    if (templateChanged) {
      await assertTemplateFits(tx, {
        groupId: series.groupId,
        ownerId: series.createdBy ?? actor.id,
        amountCents,
        paidBy,
        categoryId,
        split,
        currency: series.currency,
      });
    }
    let { nextDate, status } = series;
    if (body.rule && status === 'active') {
      nextDate = nextDateFrom(series, rule, today);
      if (nextDate === null) status = 'ended';
    }
    const [row] = await tx
      .update(expenseSeries)
      .set({
        description: body.description ?? series.description,
        amountCents,
        paidBy,
        categoryId,
        notes: body.notes ?? series.notes,
        splitType: split.type,
        splitInput: split,
        rule,
        status,
        nextDate,
        version: series.version + 1,
        updatedAt: sql`now()`,
      })
      .where(eq(expenseSeries.id, id))
      .returning();
    const changed =
      body.from_date === undefined
        ? []
        : await changeMadeExpenses(ctx.config, tx, {
            actor,
            seriesId: id,
            fromDate: body.from_date,
            change: expenseChangeOf(body),
          });
    const made = await makeDueOccurrences(tx, row!, { today, actorId: actor.id });
    return { ...made, changed };
  });
  await ctx.events.publish(seriesEvent(outcome.series, 'updated', actor.id));
  for (const expense of outcome.changed) {
    await ctx.events.publish(expenseEvent(expense, 'updated', actor.id));
  }
  await announceMade(ctx, outcome.expenses, actor.id);
  const [presented] = await presentSeries(ctx.db, ctx.config, [outcome.series]);
  return presented!;
}

export type StatusChange = 'pause' | 'resume' | 'end';
const STATUS_AFTER = { pause: 'paused', resume: 'active', end: 'ended' } as const;

/**
 * Pause (nothing is made until resumed), resume (from today on: the dates that passed while
 * paused are not made), end (for good). Asking for the state a series is already in changes
 * nothing; an ended series cannot be paused or resumed.
 */
export async function changeSeriesStatus(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  { version, change }: { version: number; change: StatusChange },
): Promise<ExpenseSeries> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { series, today } = await lockSeriesForChange(ctx, tx, { actor, id, version });
    const target = STATUS_AFTER[change];
    if (series.status === target) return { series, expenses: [] };
    if (series.status === 'ended') throw hasEnded();
    let status = target;
    let nextDate = change === 'end' ? null : series.nextDate;
    if (change === 'resume') {
      nextDate = nextDateFrom(series, series.rule, today);
      if (nextDate === null) status = 'ended';
    }
    const [row] = await tx
      .update(expenseSeries)
      .set({ status, nextDate, version: series.version + 1, updatedAt: sql`now()` })
      .where(eq(expenseSeries.id, id))
      .returning();
    return makeDueOccurrences(tx, row!, { today, actorId: actor.id });
  });
  await ctx.events.publish(seriesEvent(outcome.series, 'updated', actor.id));
  await announceMade(ctx, outcome.expenses, actor.id);
  const [presented] = await presentSeries(ctx.db, ctx.config, [outcome.series]);
  return presented!;
}

const SKIP_AHEAD_MAX_YEARS = 10;

/**
 * Skips one date still to come (from today on, not yet made): an occurrence row claims it ahead
 * of its day, so when the day comes it passes without an expense. It still counts toward `count`.
 */
export async function skipOccurrence(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: z.output<typeof ZSkipOccurrenceBody>,
): Promise<ExpenseSeries> {
  const series = await ctx.db.transaction(async (tx) => {
    const locked = await lockSeriesForChange(ctx, tx, { actor, id, version: body.version });
    const { series, today } = locked;
    if (series.status === 'ended') throw hasEnded();
    const yesterday = addCalendarDays(today, -1);
    const after = series.lastDate ? laterOf(series.lastDate, yesterday) : yesterday;
    const remaining =
      series.rule.count === null || series.rule.count === undefined
        ? Number.POSITIVE_INFINITY
        : series.rule.count - series.occurrencesMade;
    // Within ten years: the dates up to it are walked, and nobody skips a bill further ahead.
    const isAhead =
      body.date > after &&
      body.date <= addCalendarMonths(today, 12 * SKIP_AHEAD_MAX_YEARS) &&
      seriesDatesBetween(series.rule, after, body.date, remaining).at(-1) === body.date;
    if (!isAhead) {
      throw validationFailed([
        {
          path: 'date',
          code: 'invalid',
          message: 'Only a date of this recurring expense still to come can be skipped',
        },
      ]);
    }
    const [claimed] = await tx
      .insert(expenseOccurrences)
      .values({ seriesId: id, date: body.date, status: 'skipped' })
      .onConflictDoNothing()
      .returning();
    if (!claimed) throw new AppError(409, 'conflict', 'That date is already skipped');
    const [row] = await tx
      .update(expenseSeries)
      .set({ version: series.version + 1, updatedAt: sql`now()` })
      .where(eq(expenseSeries.id, id))
      .returning();
    return row!;
  });
  await ctx.events.publish(seriesEvent(series, 'updated', actor.id));
  const [presented] = await presentSeries(ctx.db, ctx.config, [series]);
  return presented!;
}
