import type {
  Chore,
  ChoreHistoryPage,
  ChoreMemberTotal,
  ChorePage,
  ZChoreHistoryQuery,
  ZChoresQuery,
} from '@household/contracts';
import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  choreAssignments,
  choreEffortTotals,
  choreHistory,
  chores,
  choreTimeEntries,
  groupMembers,
  type ChoreRow,
  type UserRow,
} from '../../db/schema';
import { preparedPerDatabase } from '../../db/prepared';
import { requireMembership } from '../groups/membership';
import { People } from '../people/people';
import { presentChores, presentHistory } from './chores.presenter';
import { requireVisibleChore } from './chores.policy';

type ChoresQuery = z.output<typeof ZChoresQuery>;
type HistoryQuery = z.output<typeof ZChoreHistoryQuery>;

export async function getChore(ctx: AppContext, actor: UserRow, id: number): Promise<Chore> {
  const { chore } = await requireVisibleChore(ctx.db, id, actor);
  const [presented] = await presentChores(ctx.db, ctx.config, actor, [chore]);
  return presented!;
}

// Correlated subqueries name their tables in full: drizzle writes a column of a one-table query
// without its table, which inside a subquery would mean the subquery's own column.
const inMyGroups = sql`"chores"."group_id" in (select gm.group_id from group_members gm where gm.user_id = ${sql.placeholder('userId')})`;

/** A page of chores in id order after `after` (0: the first page), of the scope the caller sees. */
const choresPage = (db: DbOrTx, scope: SQL, name: string) =>
  db
    .select()
    .from(chores)
    .where(and(scope, gt(chores.id, sql.placeholder('after'))))
    .orderBy(asc(chores.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);

// What the chores pages and the calendar load first: one query per scope, prepared once.
const choresPages = preparedPerDatabase((db) => ({
  group: choresPage(
    db,
    sql`${eq(chores.groupId, sql.placeholder('groupId'))} and ${inMyGroups}`,
    'chores_page_group',
  ),
  personal: choresPage(db, eq(chores.ownerId, sql.placeholder('userId')), 'chores_page_personal'),
  visible: choresPage(
    db,
    sql`(${eq(chores.ownerId, sql.placeholder('userId'))} or ${inMyGroups})`,
    'chores_page_visible',
  ),
}));

/**
 * GET /chores (everything I see: my personal chores and my groups'), `?personal=true`, or
 * `?group_id=` / GET /groups/{id}/chores: by id, a page at a time (a household's chores fit one).
 */
export async function listChores(
  ctx: AppContext,
  actor: UserRow,
  query: ChoresQuery,
): Promise<ChorePage> {
  const pages = choresPages(ctx.db);
  const page = { after: query.cursor ?? 0, limit: query.limit + 1 };
  let rows: ChoreRow[];
  if (query.group_id !== undefined) {
    rows = await pages.group.execute({ ...page, groupId: query.group_id, userId: actor.id });
    // The page holds a group's chores only for its members, so one with chores needs no membership
    // check of its own (a round trip less on the page opened most); an empty one may be an
    // outsider's, who gets the 404 of a group that does not exist.
    if (rows.length === 0) await requireMembership(ctx.db, query.group_id, actor.id);
  } else if (query.personal === 'true') {
    rows = await pages.personal.execute({ ...page, userId: actor.id });
  } else {
    rows = await pages.visible.execute({ ...page, userId: actor.id });
  }
  const shown = rows.slice(0, query.limit);
  return {
    items: await presentChores(ctx.db, ctx.config, actor, shown),
    next_cursor: rows.length > query.limit ? String(shown.at(-1)!.id) : null,
  };
}

/**
 * Per person: chores done (undos subtract), effort credited and minutes recorded, over the history
 * and time entries the conditions pick. `alwaysListed` people show with zeros when they did nothing.
 */
async function memberTotals(
  ctx: AppContext,
  history: SQL,
  time: SQL,
  alwaysListed: readonly number[] = [],
): Promise<ChoreMemberTotal[]> {
  const done = await ctx.db
    .select({
      userId: choreHistory.subjectUserId,
      completed: sql<number>`(count(*) filter (where ${choreHistory.effort} > 0) - count(*) filter (where ${choreHistory.effort} < 0))::int`,
      effort: sql<number>`coalesce(sum(${choreHistory.effort}), 0)::int`,
    })
    .from(choreHistory)
    .where(and(history, sql`${choreHistory.effort} <> 0`))
    .groupBy(choreHistory.subjectUserId);
  const spent = await ctx.db
    .select({
      userId: choreTimeEntries.userId,
      minutes: sql<number>`coalesce(sum(${choreTimeEntries.minutes}), 0)::int`,
    })
    .from(choreTimeEntries)
    .innerJoin(choreAssignments, eq(choreAssignments.id, choreTimeEntries.assignmentId))
    .where(time)
    .groupBy(choreTimeEntries.userId);
  const ids = [
    ...new Set([
      ...alwaysListed,
      ...done.flatMap((row) => (row.userId === null ? [] : [row.userId])),
      ...spent.map((row) => row.userId),
    ]),
  ];
  const people = await People.load(ctx.db, ctx.config, ids);
  return ids
    .map((userId) => {
      const mine = done.find((row) => row.userId === userId);
      return {
        user: people.ref(userId),
        completed: mine?.completed ?? 0,
        effort: mine?.effort ?? 0,
        minutes: spent.find((row) => row.userId === userId)?.minutes ?? 0,
      };
    })
    .sort((a, b) => b.effort - a.effort || a.user.id - b.user.id);
}

async function historyPage(
  ctx: AppContext,
  where: SQL | undefined,
  query: HistoryQuery,
): Promise<Omit<ChoreHistoryPage, 'totals'>> {
  const rows = await ctx.db
    .select()
    .from(choreHistory)
    .where(and(where, query.cursor === undefined ? undefined : lt(choreHistory.id, query.cursor)))
    .orderBy(desc(choreHistory.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: await presentHistory(ctx.db, ctx.config, page),
    next_cursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

/** GET /groups/{id}/chores/history: newest first, with what each member has done. */
export async function groupChoreHistory(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  query: HistoryQuery,
): Promise<ChoreHistoryPage> {
  await requireMembership(ctx.db, groupId, actor.id);
  const page = await historyPage(ctx, eq(choreHistory.groupId, groupId), query);
  const members = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  const totals = await memberTotals(
    ctx,
    eq(choreHistory.groupId, groupId),
    eq(choreAssignments.groupId, groupId),
    members.map((member) => member.userId),
  );
  return { ...page, totals };
}

/** GET /chores/{id}/history: one chore's record, with totals for that chore alone. */
export async function choreHistoryOf(
  ctx: AppContext,
  actor: UserRow,
  choreId: number,
  query: HistoryQuery,
): Promise<ChoreHistoryPage> {
  const { chore } = await requireVisibleChore(ctx.db, choreId, actor);
  const page = await historyPage(ctx, eq(choreHistory.choreId, chore.id), query);
  const totals = await memberTotals(
    ctx,
    eq(choreHistory.choreId, chore.id),
    eq(choreAssignments.choreId, chore.id),
  );
  return { ...page, totals };
}

/** Effort each member has been credited in the group: what the fair rotation starts from. */
export async function priorEffort(db: DbOrTx, groupId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: choreEffortTotals.userId, effort: choreEffortTotals.effort })
    .from(choreEffortTotals)
    .where(eq(choreEffortTotals.groupId, groupId));
  return new Map(rows.map((row) => [row.userId, row.effort]));
}
