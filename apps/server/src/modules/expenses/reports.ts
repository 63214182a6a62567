import type { Report } from '@household/contracts';
import { minorUnitDigits } from '@household/domain';
import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import type { AppContext } from '../../context';
import { categories, expenseSplits, expenses, type UserRow } from '../../db/schema';
import { requireMembership } from '../groups/membership';
import { People } from '../people/people';

export interface ReportFilters {
  group_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const month = sql<string>`to_char(${expenses.date}, 'YYYY-MM')`;

/**
 * Spending over a date range (docs/expenses.md "Reports"). For a group: its expenses, by category,
 * by member (what each consumed, i.e. their splits, and what each paid) and by month. For me: my
 * splits of the expenses of my groups and my personal expenses, the same ways.
 */
export async function buildReport(
  ctx: AppContext,
  actor: UserRow,
  filters: ReportFilters,
): Promise<Report> {
  const groupId = filters.group_id ?? null;
  if (groupId !== null) await requireMembership(ctx.db, groupId, actor.id);
  const sums = await sumSpending(ctx, reportConditions({ actor, groupId, filters }));
  const names = await categoryNames(ctx, sums.byCategory);
  const members = memberTotals(sums);
  const people = await People.load(
    ctx.db,
    ctx.config,
    members.map((row) => row.userId),
  );
  return presentReport({ groupId, filters, sums, names, members, people });
}

/** What a report counts: which expenses, in which dates, and how much of each. */
interface ReportConditions {
  /** The expenses of the group, or those of my groups and my personal ones that I have a split of. */
  scope: SQL | undefined;
  inRange: SQL | undefined;
  /** A group's spending is its expenses' amounts; mine is my splits of them. */
  spent: SQL<number>;
  /** For my report, the splits and payments that are mine; for a group's, none (all count). */
  ownSplits: SQL | undefined;
  ownPayments: SQL | undefined;
}

function reportConditions(options: {
  actor: UserRow;
  groupId: number | null;
  filters: ReportFilters;
}): ReportConditions {
  const { actor, groupId, filters } = options;
  const inRange = and(
    filters.from ? gte(expenses.date, filters.from) : undefined,
    filters.to ? lte(expenses.date, filters.to) : undefined,
  );
  if (groupId !== null) {
    return {
      scope: eq(expenses.groupId, groupId),
      inRange,
      spent: sql<number>`${expenses.amountCents}`,
      ownSplits: undefined,
      ownPayments: undefined,
    };
  }
  return {
    scope: and(
      or(
        and(isNull(expenses.groupId), eq(expenses.createdBy, actor.id)),
        sql`"expenses"."group_id" in (select gm.group_id from group_members gm where gm.user_id = ${actor.id})`,
      ),
      sql`exists (select 1 from expense_splits s where s.expense_id = "expenses"."id" and s.user_id = ${actor.id})`,
    ),
    inRange,
    // With several payers a person has a split per payer: their share is the sum.
    spent: sql<number>`(select sum(s.amount_cents) from expense_splits s where s.expense_id = "expenses"."id" and s.user_id = ${actor.id})`,
    ownSplits: eq(expenseSplits.userId, actor.id),
    ownPayments: eq(expenseSplits.payerId, actor.id),
  };
}

type SpendingSums = Awaited<ReturnType<typeof sumSpending>>;

/** The sums of the report, per currency: in all, by category, by month, consumed and paid by whom. */
async function sumSpending(ctx: AppContext, conditions: ReportConditions) {
  const { scope, inRange, spent } = conditions;
  const source = ctx.db
    .select({
      currency: expenses.currency,
      categoryId: expenses.categoryId,
      month: month.as('month'),
      amount: spent.as('amount'),
    })
    .from(expenses)
    .where(and(scope, inRange))
    .as('source');
  const total = sql<string>`coalesce(sum(${source.amount}), 0)::bigint`;

  const [totals, byCategory, byMonth, shares, paid] = await Promise.all([
    ctx.db
      .select({ currency: source.currency, total })
      .from(source)
      .groupBy(source.currency)
      .orderBy(source.currency),
    ctx.db
      .select({ currency: source.currency, categoryId: source.categoryId, total })
      .from(source)
      .groupBy(source.currency, source.categoryId)
      .orderBy(source.currency, sql`3 desc`),
    ctx.db
      .select({ currency: source.currency, month: source.month, total })
      .from(source)
      .groupBy(source.currency, source.month)
      .orderBy(source.currency, source.month),
    ctx.db
      .select({
        currency: expenses.currency,
        userId: expenseSplits.userId,
        total: sql<string>`coalesce(sum(${expenseSplits.amountCents}), 0)::bigint`,
      })
      .from(expenseSplits)
      .innerJoin(expenses, eq(expenses.id, expenseSplits.expenseId))
      .where(and(scope, inRange, conditions.ownSplits))
      .groupBy(expenses.currency, expenseSplits.userId),
    // What each paid: the splits owed to them add up to it exactly, with one payer or several.
    ctx.db
      .select({
        currency: expenses.currency,
        userId: expenseSplits.payerId,
        total: sql<string>`coalesce(sum(${expenseSplits.amountCents}), 0)::bigint`,
      })
      .from(expenseSplits)
      .innerJoin(expenses, eq(expenses.id, expenseSplits.expenseId))
      .where(and(scope, inRange, conditions.ownPayments))
      .groupBy(expenses.currency, expenseSplits.payerId),
  ]);
  return { totals, byCategory, byMonth, shares, paid };
}

/** The names of the categories the report shows, by id. */
async function categoryNames(
  ctx: AppContext,
  byCategory: SpendingSums['byCategory'],
): Promise<Map<number, string>> {
  const categoryIds = [...new Set(byCategory.flatMap((row) => row.categoryId ?? []))];
  if (categoryIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, categoryIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

interface MemberTotal {
  currency: string;
  userId: number;
  /** What the member consumed: the sum of their splits. */
  total: number;
  paid: number;
}

/** One row per member and currency, with what they consumed and what they paid. */
function memberTotals(sums: Pick<SpendingSums, 'shares' | 'paid'>): MemberTotal[] {
  const members = new Map<string, MemberTotal>();
  const member = (currency: string, userId: number) => {
    const key = `${currency}:${userId}`;
    const found = members.get(key) ?? { currency, userId, total: 0, paid: 0 };
    members.set(key, found);
    return found;
  };
  for (const row of sums.shares) member(row.currency, row.userId).total += Number(row.total);
  for (const row of sums.paid) member(row.currency, row.userId).paid += Number(row.total);
  return [...members.values()];
}

function presentReport(report: {
  groupId: number | null;
  filters: ReportFilters;
  sums: SpendingSums;
  names: Map<number, string>;
  members: MemberTotal[];
  people: People;
}): Report {
  const { sums, names, people } = report;
  return {
    group_id: report.groupId,
    from: report.filters.from ?? null,
    to: report.filters.to ?? null,
    totals: sums.totals.map((row) => ({ currency: row.currency, total_cents: Number(row.total) })),
    by_category: sums.byCategory.map((row) => ({
      currency: row.currency,
      total_cents: Number(row.total),
      category_id: row.categoryId,
      name: row.categoryId === null ? null : (names.get(row.categoryId) ?? null),
    })),
    by_member: [...report.members]
      .sort(
        (a, b) => a.currency.localeCompare(b.currency) || b.total - a.total || a.userId - b.userId,
      )
      .map((row) => ({
        currency: row.currency,
        total_cents: row.total,
        paid_cents: row.paid,
        user: people.ref(row.userId),
      })),
    by_month: sums.byMonth.map((row) => ({
      currency: row.currency,
      month: row.month,
      total_cents: Number(row.total),
    })),
  };
}

/** A decimal amount in major units, as spreadsheets read it: 1234 EUR cents → 12.34. */
export function decimalAmount(
  cents: number,
  currency: string,
  digits = minorUnitDigits(currency),
): string {
  return (cents / 10 ** digits).toFixed(digits);
}

/**
 * How the money CSVs are written: CRLF, and a cell that a spreadsheet would run as a formula
 * (starting with =, +, @, a tab, or - not followed by a number) is quoted with a leading apostrophe.
 * Negative amounts stay numbers.
 */
export const MONEY_CSV_OPTIONS = {
  escapeFormulae: /^(?:[=+@\t\r]|-(?![\d.]))/,
  newline: '\r\n',
} as const;

/**
 * The report as CSV: one row per figure, with the section it belongs to. Cells that a spreadsheet
 * would run as a formula are escaped (MONEY_CSV_OPTIONS).
 */
export function reportCsv(report: Report): string {
  const rows: string[][] = [];
  for (const row of report.totals) {
    rows.push(['total', '', row.currency, decimalAmount(row.total_cents, row.currency), '']);
  }
  for (const row of report.by_category) {
    rows.push([
      'category',
      row.name ?? '',
      row.currency,
      decimalAmount(row.total_cents, row.currency),
      '',
    ]);
  }
  for (const row of report.by_member) {
    rows.push([
      'member',
      row.user.name ?? `User ID ${row.user.id}`,
      row.currency,
      decimalAmount(row.total_cents, row.currency),
      decimalAmount(row.paid_cents, row.currency),
    ]);
  }
  for (const row of report.by_month) {
    rows.push(['month', row.month, row.currency, decimalAmount(row.total_cents, row.currency), '']);
  }
  return Papa.unparse(
    { fields: ['section', 'name', 'currency', 'amount', 'paid'], data: rows },
    MONEY_CSV_OPTIONS,
  );
}
