import {
  EXPENSE_SPLIT_TYPES,
  SERIES_STATUSES,
  type ExpenseSeries,
  type ExpenseSplitType,
} from '@household/contracts';
import { and, asc, eq, gte, inArray, or } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import {
  categories,
  expenseOccurrences,
  expenseSeries,
  type ExpenseSeriesRow,
} from '../../db/schema';
import { People } from '../people/people';
import { countReached, nextSeriesDate } from './series-dates';

type UrlConfig = Pick<Config, 'publicApiUrl'>;
type Status = ExpenseSeries['status'];

const splitTypeOf = (type: string): ExpenseSplitType =>
  (EXPENSE_SPLIT_TYPES as readonly string[]).includes(type) ? (type as ExpenseSplitType) : 'equal';
const statusOf = (status: string): Status =>
  (SERIES_STATUSES as readonly string[]).includes(status) ? (status as Status) : 'ended';

/**
 * The next date that will make an occurrence: the stored next date passes over the dates skipped
 * ahead of time (each still counts toward the rule's `count`).
 */
function shownNextDate(row: ExpenseSeriesRow, skipped: ReadonlySet<string>): string | null {
  let next = row.nextDate;
  let made = row.occurrencesMade;
  while (next !== null && skipped.has(next)) {
    made += 1;
    next = countReached({ rule: row.rule, occurrencesMade: made })
      ? null
      : nextSeriesDate(row.rule, next);
  }
  return next;
}

/** Series as the API gives them, with their people, categories and waiting dates, in input order. */
export async function presentSeries(
  db: DbOrTx,
  config: UrlConfig,
  rows: readonly ExpenseSeriesRow[],
): Promise<ExpenseSeries[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Waiting ones, and skips of dates still to come (rows before `last_date` are past).
  const occurrences = await db
    .select({
      seriesId: expenseOccurrences.seriesId,
      date: expenseOccurrences.date,
      status: expenseOccurrences.status,
    })
    .from(expenseOccurrences)
    .innerJoin(expenseSeries, eq(expenseSeries.id, expenseOccurrences.seriesId))
    .where(
      and(
        inArray(expenseOccurrences.seriesId, ids),
        or(
          eq(expenseOccurrences.status, 'awaiting_amount'),
          and(
            eq(expenseOccurrences.status, 'skipped'),
            gte(expenseOccurrences.date, expenseSeries.nextDate),
          ),
        ),
      ),
    )
    .orderBy(asc(expenseOccurrences.date));
  const categoryIds = [...new Set(rows.flatMap((row) => row.categoryId ?? []))];
  const categoryRows =
    categoryIds.length === 0
      ? []
      : await db.select().from(categories).where(inArray(categories.id, categoryIds));
  const categoryOf = new Map(categoryRows.map((row) => [row.id, row]));
  const people = await People.load(
    db,
    config,
    rows.flatMap((row) => [row.paidBy, ...(row.createdBy === null ? [] : [row.createdBy])]),
  );
  return rows.map((row) => {
    const category = row.categoryId === null ? undefined : categoryOf.get(row.categoryId);
    return {
      id: row.id,
      group_id: row.groupId,
      description: row.description,
      amount_cents: row.amountCents,
      currency: row.currency,
      paid_by: people.ref(row.paidBy),
      category: category ? { id: category.id, name: category.name, color: category.color } : null,
      notes: row.notes,
      split_type: splitTypeOf(row.splitType),
      split: row.splitInput,
      rule: row.rule,
      status: statusOf(row.status),
      next_date: shownNextDate(
        row,
        new Set(
          occurrences
            .filter(
              (occurrence) => occurrence.seriesId === row.id && occurrence.status === 'skipped',
            )
            .map((occurrence) => occurrence.date),
        ),
      ),
      occurrences_made: row.occurrencesMade,
      awaiting_amount: occurrences
        .filter(
          (occurrence) => occurrence.seriesId === row.id && occurrence.status === 'awaiting_amount',
        )
        .map((occurrence) => ({ date: occurrence.date })),
      created_by: people.refOrNull(row.createdBy),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      version: row.version,
    };
  });
}
