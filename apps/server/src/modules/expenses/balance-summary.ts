import type { BalanceSummary, GroupUnit } from '@household/contracts';
import {
  explainTransfers,
  isUnitParty,
  pairwiseDebts,
  partyOf,
  suggestTransfers,
  unitBalances,
  unitOfParty,
  type PairEntry,
  type Transfer,
  type TransferReason,
} from '@household/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { listUnits } from '../groups/group-reads';
import { requireMembership } from '../groups/membership';
import { memberIdsOf, presentPositions } from './balances';
import { readBalances } from './ledger';

/** How many of the open splits behind a suggested transfer are listed with it. */
const EXPLAINED_EXPENSES = 5;

/**
 * The balances, the stored suggested transfers (between parties: units and members in none), each
 * with the open splits it settles and its reasons, and the pairwise view (docs/expenses.md
 * "Settle-up views"): after the membership check, five statements at once (positions, members,
 * units, transfers with their expenses, pairwise sums) and one for the people's names.
 */
export async function balanceSummary(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
): Promise<BalanceSummary> {
  const { group } = await requireMembership(ctx.db, groupId, actor.id);
  const [balances, members, units, stored, entries] = await Promise.all([
    readBalances(ctx.db, groupId),
    memberIdsOf(ctx, groupId),
    listUnits(ctx, ctx.db, groupId),
    explainedTransfers(ctx, groupId),
    pairEntries(ctx, groupId),
  ]);
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  const unitOf = new Map(
    units.flatMap((unit) => unit.members.map((member) => [member.id, unit.id] as const)),
  );
  // The stored suggestions were made at the last money change; a member who left a unit since
  // (leaving the group) changed the parties without one. Then they are made afresh for this read.
  const parties = unitBalances(new Map(balances.map((row) => [row.userId, row.netCents])), unitOf);
  const transfers = clearsAll(stored, parties)
    ? stored
    : await explainedTransfers(
        ctx,
        groupId,
        suggestTransfers(new Map([...parties].filter(([, cents]) => cents !== 0))),
      );
  const pairwise = pairwiseDebts(entries);
  const reasons = explainTransfers(
    transfers,
    pairwiseDebts(entries, (id) => partyOf(id, unitOf)),
  );
  /** A party's person: the member in none, or a unit's first member by id. */
  const personOf = (party: number) =>
    isUnitParty(party) ? (unitById.get(unitOfParty(party))?.members[0]?.id ?? 0) : party;
  const unitRef = (party: number): GroupUnit | null =>
    isUnitParty(party) ? (unitById.get(unitOfParty(party)) ?? null) : null;
  const throughIds = reasons
    .flat()
    .flatMap((reason) => (reason.kind === 'through' ? [personOf(reason.throughId)] : []));
  const { positions, people } = await presentPositions(ctx, {
    group,
    balances,
    memberIds: members,
    alsoNamed: [
      ...transfers.flatMap((transfer) => [personOf(transfer.fromId), personOf(transfer.toId)]),
      ...pairwise.flatMap((debt) => [debt.fromId, debt.toId]),
      ...throughIds,
    ],
  });
  const presentReason = (reason: TransferReason) => {
    switch (reason.kind) {
      case 'direct':
        return {
          kind: 'direct' as const,
          amount_cents: reason.amountCents,
          expense_count: reason.expenseCount,
        };
      case 'through':
        return {
          kind: 'through' as const,
          amount_cents: reason.amountCents,
          through: people.ref(personOf(reason.throughId)),
          through_unit: unitRef(reason.throughId),
        };
      case 'balance':
        return { kind: 'balance' as const, amount_cents: reason.amountCents };
    }
  };
  return {
    ...positions,
    transfers: transfers.map(({ fromId, toId, amountCents, expenses, more_expenses }, index) => ({
      from: people.ref(personOf(fromId)),
      to: people.ref(personOf(toId)),
      from_unit: unitRef(fromId),
      to_unit: unitRef(toId),
      amount_cents: amountCents,
      expenses,
      more_expenses,
      reasons: reasons[index]!.map(presentReason),
    })),
    pairwise: pairwise.map((debt) => ({
      from: people.ref(debt.fromId),
      to: people.ref(debt.toId),
      amount_cents: debt.amountCents,
      expense_count: debt.expenseCount,
      paid_cents: debt.paidCents,
    })),
  };
}

/** Whether the transfers bring every party's position to zero. */
function clearsAll(transfers: readonly Transfer[], parties: ReadonlyMap<number, number>) {
  const after = new Map(parties);
  for (const { fromId, toId, amountCents } of transfers) {
    after.set(fromId, (after.get(fromId) ?? 0) + amountCents);
    after.set(toId, (after.get(toId) ?? 0) - amountCents);
  }
  return [...after.values()].every((cents) => cents === 0);
}

/**
 * The pair entries of the groups read lately, each with the version of the group's ledger row it
 * was read at (its `xmin`: every money change rewrites that row in its own transaction, see
 * ledger.ts `refreshSuggestions`), so that a read of an unchanged ledger does not sum every open
 * split again. Checked against the row on every read: never stale, also across processes. Kept
 * per database connection pool: versions of two databases say nothing about each other.
 */
type KeptEntries = Map<number, { version: string; entries: PairEntry[] }>;
const pairEntriesByDb = new WeakMap<AppContext['db'], KeptEntries>();
/** Groups whose pair entries are kept; the one read longest ago goes first. */
const PAIR_ENTRIES_KEPT = 200;

/**
 * What each person owes each other directly, before netting: the open remainders of their splits
 * (over the open-splits index), less the payments outside any split; the payments against splits
 * are already in the remainders and are only counted as paid. Summed in SQL unless the ledger is
 * as it was at the last read (docs/expenses.md "Settle-up views").
 */
async function pairEntries(ctx: AppContext, groupId: number): Promise<PairEntry[]> {
  let pairEntriesByGroup = pairEntriesByDb.get(ctx.db);
  if (pairEntriesByGroup === undefined) {
    pairEntriesByGroup = new Map();
    pairEntriesByDb.set(ctx.db, pairEntriesByGroup);
  }
  const kept = pairEntriesByGroup.get(groupId);
  if (kept !== undefined && (await ledgerVersion(ctx, groupId)) === kept.version) {
    pairEntriesByGroup.delete(groupId);
    pairEntriesByGroup.set(groupId, kept);
    return kept.entries;
  }
  const { version, entries } = await sumPairEntries(ctx, groupId);
  pairEntriesByGroup.delete(groupId);
  if (version !== null) {
    pairEntriesByGroup.set(groupId, { version, entries });
    if (pairEntriesByGroup.size > PAIR_ENTRIES_KEPT) {
      pairEntriesByGroup.delete(pairEntriesByGroup.keys().next().value!);
    }
  }
  return entries;
}

/** The version of the group's ledger row: the transaction that last wrote it. */
async function ledgerVersion(ctx: AppContext, groupId: number): Promise<string | null> {
  // Both drivers answer `rows`; the shared Db type does not say so.
  const result = (await ctx.db.execute(
    sql`select xmin::text as version from group_ledgers where group_id = ${groupId}`,
  )) as unknown as { rows: { version: string }[] };
  return result.rows[0]?.version ?? null;
}

/** The pair entries summed over the ledger, and the ledger's version in the same snapshot. */
async function sumPairEntries(
  ctx: AppContext,
  groupId: number,
): Promise<{ version: string | null; entries: PairEntry[] }> {
  type Row = {
    version: string | null;
    from_id: number;
    to_id: number;
    cents: string;
    n: string;
    paid: string;
  };
  // Both drivers answer `rows`; the shared Db type does not say so.
  const result = (await ctx.db.execute(sql`
    select (select xmin::text from group_ledgers where group_id = ${groupId}) as version,
      from_id, to_id, sum(cents)::bigint as cents, sum(n)::bigint as n,
      sum(paid)::bigint as paid
    from (
      select user_id as from_id, payer_id as to_id, amount_cents - settled_cents as cents,
        1 as n, 0 as paid
      from expense_splits
      where group_id = ${groupId} and settled_cents < amount_cents and user_id <> payer_id
      union all
      select from_id, to_id, case when split_id is null then -amount_cents else 0 end,
        0, amount_cents
      from settlements where group_id = ${groupId}
    ) t
    group by from_id, to_id`)) as unknown as { rows: Row[] };
  return {
    // No rows, nothing to keep: the sum is cheap then.
    version: result.rows[0]?.version ?? null,
    entries: result.rows.map((row) => ({
      fromId: Number(row.from_id),
      toId: Number(row.to_id),
      cents: Number(row.cents),
      openCount: Number(row.n),
      paidCents: Number(row.paid),
    })),
  };
}

type ExplainedTransfer = { fromId: number; toId: number; amountCents: number } & Pick<
  BalanceSummary['transfers'][number],
  'expenses' | 'more_expenses'
>;

/**
 * The stored suggested transfers, in order, each with the newest open splits the paying party owes
 * the receiving one and how many more there are: one statement, a lateral join per transfer over
 * the open-splits index. A party is a member in none (its id) or a unit (its id negated), whose
 * members are read from the group's members. The newest are taken per payer and receiver, where
 * the index gives them in order, then the newest of those (two splits of one expense: the older
 * split first): `any()` over a unit's members cannot use the index's order, and made PostgreSQL
 * walk every split of the group backwards by expense instead. The transfers are read through an
 * array, which the planner counts as 10 rows where it takes a JSON array for 100: at 100 it
 * priced the statement past `jit_above_cost` and compiled it, 40 ms for a 3 ms query.
 */
async function explainedTransfers(
  ctx: AppContext,
  groupId: number,
  /** Instead of the stored suggestions, these. */
  instead?: readonly Transfer[],
): Promise<ExplainedTransfer[]> {
  const source = instead === undefined ? null : JSON.stringify(instead);
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
      from unnest(array(
        select x.t from jsonb_array_elements(coalesce(${source}::jsonb, l.transfers))
          with ordinality as x(t, n)
        order by x.n
      )) with ordinality as e(t, ord)
    ) p
    cross join lateral (
      select array(
        select p.from_id where p.from_id > 0
        union all
        select m.user_id from group_members m
        where m.group_id = l.group_id and p.from_id < 0 and m.unit_id = -p.from_id
      ) as payers_of, array(
        select p.to_id where p.to_id > 0
        union all
        select m.user_id from group_members m
        where m.group_id = l.group_id and p.to_id < 0 and m.unit_id = -p.to_id
      ) as receivers
    ) sides
    cross join lateral (
      select count(*) as open from expense_splits s
      where s.group_id = l.group_id and s.user_id = any(sides.payers_of)
        and s.payer_id = any(sides.receivers) and s.settled_cents < s.amount_cents
    ) c
    left join lateral (
      select e.id, e.description, e.date, s.remaining
      from unnest(sides.payers_of) as pu(user_id)
      cross join unnest(sides.receivers) as pr(payer_id)
      cross join lateral (
        select s.id, s.expense_id, s.amount_cents - s.settled_cents as remaining
        from expense_splits s
        where s.group_id = l.group_id and s.user_id = pu.user_id and s.payer_id = pr.payer_id
          and s.settled_cents < s.amount_cents
        order by s.expense_id desc
        limit ${EXPLAINED_EXPENSES}
      ) s
      join expenses e on e.id = s.expense_id
      order by s.expense_id desc, s.id
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
