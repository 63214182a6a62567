import type { BalanceSummary, GroupBalances, MyBalances } from '@household/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { groupMembers, groups, type UserRow } from '../../db/schema';
import { requireMembership } from '../groups/membership';
import { People } from '../people/people';
import { readBalances } from './ledger';

/** How many of the open splits behind a suggested transfer are listed with it. */
const EXPLAINED_EXPENSES = 5;

/**
 * Every member's net position, and anyone who left with a balance. Read from the positions each
 * change keeps up to date, so the cost does not grow with the number of expenses.
 */
export async function groupBalances(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<GroupBalances> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  const [balances, members] = await Promise.all([
    readBalances(ctx.db, groupId),
    memberIdsOf(ctx, groupId),
  ]);
  const { positions } = await presentPositions(ctx, {
    group,
    balances,
    memberIds: members,
    alsoNamed: [],
  });
  return positions;
}

/**
 * The balances and the stored suggested transfers, each with the open splits it settles: after
 * the membership check, three statements at once (positions, members, transfers with their
 * explanations) and one for the people's names, whatever the size of the group's history.
 */
export async function balanceSummary(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<BalanceSummary> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  const [balances, members, transfers] = await Promise.all([
    readBalances(ctx.db, groupId),
    memberIdsOf(ctx, groupId),
    explainedTransfers(ctx, groupId),
  ]);
  const { positions, people } = await presentPositions(ctx, {
    group,
    balances,
    memberIds: members,
    alsoNamed: transfers.flatMap((transfer) => [transfer.fromId, transfer.toId]),
  });
  return {
    ...positions,
    transfers: transfers.map(({ fromId, toId, amountCents, ...explained }) => ({
      from: people.ref(fromId),
      to: people.ref(toId),
      amount_cents: amountCents,
      ...explained,
    })),
  };
}

async function memberIdsOf(ctx: AppContext, groupId: number): Promise<Set<number>> {
  const rows = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return new Set(rows.map((row) => row.userId));
}

interface PresentPositionsOptions {
  group: { id: number; currency: string };
  balances: readonly { userId: number; netCents: number }[];
  memberIds: ReadonlySet<number>;
  /** People named beside the positions, e.g. the two sides of the suggested transfers. */
  alsoNamed: readonly number[];
}

/** Members and anyone else with a balance, by id, with the names of those and of `alsoNamed`. */
async function presentPositions(
  ctx: AppContext,
  { group, balances, memberIds, alsoNamed }: PresentPositionsOptions,
) {
  const net = new Map(balances.map((row) => [row.userId, row.netCents]));
  const ids = [
    ...new Set([...memberIds, ...balances.filter((b) => b.netCents !== 0).map((b) => b.userId)]),
  ].sort((a, b) => a - b);
  const people = await People.load(ctx.db, ctx.config, [...ids, ...alsoNamed]);
  const positions: GroupBalances = {
    group_id: group.id,
    currency: group.currency,
    members: ids.map((id) => ({
      user: people.ref(id),
      is_member: memberIds.has(id),
      net_cents: net.get(id) ?? 0,
    })),
  };
  return { positions, people };
}

type ExplainedTransfer = { fromId: number; toId: number; amountCents: number } & Pick<
  BalanceSummary['transfers'][number],
  'expenses' | 'more_expenses'
>;

/**
 * The stored suggested transfers, in order, each with the newest open splits the debtor owes the
 * receiver and how many more there are: one statement, a lateral join per transfer over the
 * open-splits index.
 */
async function explainedTransfers(ctx: AppContext, groupId: number): Promise<ExplainedTransfer[]> {
  type Row = {
    ord: string;
    from_id: number;
    to_id: number;
    amount_cents: number;
    open: string;
    id: number | null;
    description: string | null;
    date: string | null;
    remaining: number | null;
  };
  // Both drivers answer `rows`; the shared Db type does not say so.
  const result = (await ctx.db.execute(sql`
    select p.ord, p.from_id, p.to_id, p.amount_cents, c.open,
      o.id, o.description, o.date::text as date, o.remaining
    from group_ledgers l
    cross join lateral (
      select ord, (t->>'fromId')::int as from_id, (t->>'toId')::int as to_id,
        (t->>'amountCents')::int as amount_cents
      from jsonb_array_elements(l.transfers) with ordinality as e(t, ord)
    ) p
    cross join lateral (
      select count(*) as open from expense_splits s
      where s.group_id = l.group_id and s.user_id = p.from_id and s.payer_id = p.to_id
        and s.settled_cents < s.amount_cents
    ) c
    left join lateral (
      select e.id, e.description, e.date, s.amount_cents - s.settled_cents as remaining
      from expense_splits s join expenses e on e.id = s.expense_id
      where s.group_id = l.group_id and s.user_id = p.from_id and s.payer_id = p.to_id
        and s.settled_cents < s.amount_cents
      order by s.expense_id desc
      limit ${EXPLAINED_EXPENSES}
    ) o on true
    where l.group_id = ${groupId}
    order by p.ord, o.id desc`)) as unknown as { rows: Row[] };
  const transfers: ExplainedTransfer[] = [];
  let current: ExplainedTransfer | undefined;
  let currentOrd: string | undefined;
  for (const row of result.rows) {
    if (current === undefined || String(row.ord) !== currentOrd) {
      currentOrd = String(row.ord);
      current = {
        fromId: Number(row.from_id),
        toId: Number(row.to_id),
        amountCents: Number(row.amount_cents),
        expenses: [],
        more_expenses: 0,
      };
      transfers.push(current);
    }
    if (row.id !== null) {
      current.expenses.push({
        id: Number(row.id),
        description: row.description ?? '',
        date: row.date ?? '',
        remaining_cents: Number(row.remaining),
      });
    }
    current.more_expenses = Math.max(0, Number(row.open) - current.expenses.length);
  }
  return transfers;
}

/**
 * My position with each person, per group I am in: what they owe me for expenses I paid, less
 * what I owe them for theirs, with the payments between us. Positive: they owe me.
 */
export async function myBalances(ctx: AppContext, actor: UserRow): Promise<MyBalances> {
  const me = actor.id;
  type Row = { group_id: number; other: number; cents: string };
  // Both drivers answer `rows`; the shared Db type does not say so.
  const result = (await ctx.db.execute(sql`
    select t.group_id, t.other, sum(t.cents)::bigint as cents from (
      select group_id, user_id as other, amount_cents as cents from expense_splits
        where payer_id = ${me} and user_id <> ${me} and group_id is not null
      union all
      select group_id, payer_id, -amount_cents from expense_splits
        where user_id = ${me} and payer_id <> ${me} and group_id is not null
      union all
      select group_id, to_id, amount_cents from settlements where from_id = ${me}
      union all
      select group_id, from_id, -amount_cents from settlements where to_id = ${me}
    ) t
    where t.group_id in (select group_id from group_members where user_id = ${me})
    group by t.group_id, t.other
    having sum(t.cents) <> 0
    order by t.group_id, t.other`)) as unknown as { rows: Row[] };
  const rows = result.rows.map((row) => ({
    groupId: Number(row.group_id),
    other: Number(row.other),
    cents: Number(row.cents),
  }));
  const mine = await ctx.db
    .select({
      groupId: groups.id,
      name: groups.name,
      currency: groups.currency,
      net: sql<
        string | null
      >`(select net_cents from group_balances b where b.group_id = ${groups.id} and b.user_id = ${me})`,
    })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, me)))
    .orderBy(groups.name, groups.id);
  const groupOf = new Map(mine.map((group) => [group.groupId, group]));
  const people = await People.load(
    ctx.db,
    ctx.config,
    rows.map((row) => row.other),
  );
  return {
    people: rows.map((row) => ({
      user: people.ref(row.other),
      group_id: row.groupId,
      group_name: groupOf.get(row.groupId)?.name ?? '',
      currency: groupOf.get(row.groupId)?.currency ?? 'EUR',
      balance_cents: row.cents,
    })),
    groups: mine.map((group) => ({
      group_id: group.groupId,
      group_name: group.name,
      currency: group.currency,
      net_cents: Number(group.net ?? 0),
    })),
  };
}
