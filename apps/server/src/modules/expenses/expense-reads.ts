import type { Expense, ExpensePage, ExpensesQuery } from '@household/contracts';
import { and, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { expenses, type UserRow } from '../../db/schema';
import { requireMembership } from '../groups/membership';
import { requireVisibleList } from '../lists/lists.policy';
import { presentExpenses } from './expenses.presenter';
import { requireVisibleExpense } from './expenses.policy';

type Filters = Omit<ExpensesQuery, 'group_id' | 'category_id' | 'paid_by' | 'limit'> & {
  group_id?: number | undefined;
  category_id?: number | undefined;
  paid_by?: number | undefined;
  limit: number;
};

/** Whose expenses: mine everywhere (GET /expenses), one group's, or one list's. */
export type ExpenseScope =
  { kind: 'mine' } | { kind: 'group'; groupId: number } | { kind: 'list'; listId: number };

export async function getExpense(ctx: AppContext, actor: UserRow, id: number): Promise<Expense> {
  const { expense } = await requireVisibleExpense(ctx.db, id, actor.id);
  const [presented] = await presentExpenses(ctx.db, ctx.config, [expense]);
  return presented!;
}

// Correlated subqueries name their tables in full: drizzle writes a column of a one-table query
// without its table, which inside a subquery would mean the subquery's own column.
const inMyGroups = (userId: number) =>
  sql`"expenses"."group_id" in (select gm.group_id from group_members gm where gm.user_id = ${userId})`;

/** I have a split of it, or (with several payers) a split is owed to me. */
const mySplit = (userId: number) =>
  sql`exists (select 1 from expense_splits s where s.expense_id = "expenses"."id" and (s.user_id = ${userId} or s.payer_id = ${userId}))`;

/** Personal expenses are their creator's; group ones are visible to the group's current members. */
const visibleTo = (userId: number) =>
  or(and(isNull(expenses.groupId), eq(expenses.createdBy, userId)), inMyGroups(userId));

async function scopeCondition(
  ctx: AppContext,
  actor: UserRow,
  scope: ExpenseScope,
): Promise<SQL | undefined> {
  switch (scope.kind) {
    case 'mine':
      // Mine: personal ones, and group ones I paid or have a split in.
      return or(
        and(isNull(expenses.groupId), eq(expenses.createdBy, actor.id)),
        and(inMyGroups(actor.id), or(eq(expenses.paidBy, actor.id), mySplit(actor.id))),
      );
    case 'group':
      await requireMembership(ctx.db, scope.groupId, actor.id);
      return eq(expenses.groupId, scope.groupId);
    case 'list':
      await requireVisibleList(ctx.db, scope.listId, actor.id);
      return and(eq(expenses.listId, scope.listId), visibleTo(actor.id));
  }
}

function filterConditions(filters: Filters): (SQL | undefined)[] {
  return [
    filters.group_id === undefined ? undefined : eq(expenses.groupId, filters.group_id),
    filters.personal === 'true' ? isNull(expenses.groupId) : undefined,
    filters.category_id === undefined ? undefined : eq(expenses.categoryId, filters.category_id),
    filters.paid_by === undefined ? undefined : eq(expenses.paidBy, filters.paid_by),
    filters.from === undefined ? undefined : gte(expenses.date, filters.from),
    filters.to === undefined ? undefined : lte(expenses.date, filters.to),
  ];
}

/** Newest date first (then newest id), keyset-paginated on (date, id); totals of all that match. */
export async function listExpenses(
  ctx: AppContext,
  actor: UserRow,
  scope: ExpenseScope,
  filters: Filters,
): Promise<ExpensePage> {
  const where = and(await scopeCondition(ctx, actor, scope), ...filterConditions(filters));
  const cursor = filters.cursor?.split('_');
  const after = cursor
    ? or(
        lt(expenses.date, cursor[0]!),
        and(eq(expenses.date, cursor[0]!), lt(expenses.id, Number(cursor[1]))),
      )
    : undefined;
  const rows = await ctx.db
    .select()
    .from(expenses)
    .where(and(where, after))
    .orderBy(desc(expenses.date), desc(expenses.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  const totals = await ctx.db
    .select({
      currency: expenses.currency,
      count: sql<number>`count(*)::int`,
      amount_cents: sql<number>`coalesce(sum(${expenses.amountCents}), 0)::bigint`,
      my_share_cents: sql<number>`coalesce(sum((select sum(s.amount_cents) from expense_splits s where s.expense_id = "expenses"."id" and s.user_id = ${actor.id})), 0)::bigint`,
    })
    .from(expenses)
    .where(where)
    .groupBy(expenses.currency)
    .orderBy(expenses.currency);
  return {
    items: await presentExpenses(ctx.db, ctx.config, page),
    next_cursor: rows.length > filters.limit && last ? `${last.date}_${last.id}` : null,
    totals: totals.map((row) => ({
      currency: row.currency,
      count: Number(row.count),
      amount_cents: Number(row.amount_cents),
      my_share_cents: Number(row.my_share_cents),
    })),
  };
}
