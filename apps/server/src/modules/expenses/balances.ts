import type { BalanceSummary, GroupBalances, MyBalances } from '@household/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { groupLedgers, groupMembers, groups, type UserRow } from '../../db/schema';
import { requireMembership } from '../groups/membership';
import { People } from './expenses.presenter';
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
    ctx.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId)),
  ]);
  const memberIds = new Set(members.map((member) => member.userId));
  const net = new Map(balances.map((row) => [row.userId, row.netCents]));
  const ids = [
    ...new Set([...memberIds, ...balances.filter((b) => b.netCents !== 0).map((b) => b.userId)]),
  ].sort((a, b) => a - b);
  const people = await People.load(ctx.db, ctx.config, ids);
  return {
    group_id: groupId,
    currency: group.currency,
    members: ids.map((id) => ({
      user: people.ref(id),
      is_member: memberIds.has(id),
      net_cents: net.get(id) ?? 0,
    })),
  };
}

/** The balances and the stored suggested transfers, each with the open splits it settles. */
export async function balanceSummary(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<BalanceSummary> {
  const balances = await groupBalances(ctx, actor, groupId);
  const [ledger] = await ctx.db
    .select()
    .from(groupLedgers)
    .where(eq(groupLedgers.groupId, groupId));
  const transfers = ledger?.transfers ?? [];
  const people = await People.load(
    ctx.db,
    ctx.config,
    transfers.flatMap((t) => [t.fromId, t.toId]),
  );
  const explained = await explainTransfers(ctx, groupId, transfers);
  return {
    ...balances,
    transfers: transfers.map((transfer, index) => ({
      from: people.ref(transfer.fromId),
      to: people.ref(transfer.toId),
      amount_cents: transfer.amountCents,
      ...explained[index]!,
    })),
  };
}

type Explained = Pick<BalanceSummary['transfers'][number], 'expenses' | 'more_expenses'>;

/**
 * For every transfer, the newest open splits the debtor owes the receiver and how many more there
 * are: one statement for all transfers (a lateral join per transfer over the open-splits index),
 * so the read costs the same few statements however many people are in the group.
 */
async function explainTransfers(
  ctx: AppContext,
  groupId: number,
  transfers: readonly { fromId: number; toId: number }[],
): Promise<Explained[]> {
  const explained: Explained[] = transfers.map(() => ({ expenses: [], more_expenses: 0 }));
  if (transfers.length === 0) return explained;
  const pairs = sql.join(
    transfers.map((t, index) => sql`(${index}::int, ${t.fromId}::int, ${t.toId}::int)`),
    sql`, `,
  );
  type Row = {
    ord: number;
    open: string;
    id: number | null;
    description: string | null;
    date: string | null;
    remaining: number | null;
  };
  // Both drivers answer `rows`; the shared Db type does not say so.
  const result = (await ctx.db.execute(sql`
    select p.ord, c.open, o.id, o.description, o.date::text as date, o.remaining
    from (values ${pairs}) as p(ord, from_id, to_id)
    cross join lateral (
      select count(*) as open from expense_splits s
      where s.group_id = ${groupId} and s.user_id = p.from_id and s.payer_id = p.to_id
        and s.settled_cents < s.amount_cents
    ) c
    left join lateral (
      select e.id, e.description, e.date, s.amount_cents - s.settled_cents as remaining
      from expense_splits s join expenses e on e.id = s.expense_id
      where s.group_id = ${groupId} and s.user_id = p.from_id and s.payer_id = p.to_id
        and s.settled_cents < s.amount_cents
      order by s.expense_id desc
      limit ${EXPLAINED_EXPENSES}
    ) o on true
    order by p.ord, o.id desc`)) as unknown as { rows: Row[] };
  for (const row of result.rows) {
    const entry = explained[Number(row.ord)]!;
    if (row.id !== null) {
      entry.expenses.push({
        id: Number(row.id),
        description: row.description ?? '',
        date: row.date ?? '',
        remaining_cents: Number(row.remaining),
      });
    }
    entry.more_expenses = Math.max(0, Number(row.open) - entry.expenses.length);
  }
  return explained;
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
