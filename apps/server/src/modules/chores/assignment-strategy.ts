import { nextTurn, type AwayPeriod, type NextTurn } from '@household/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  choreAssignments,
  choreDoneTotals,
  choreEffortTotals,
  groupMembers,
  type ChoreAssignmentRow,
  type ChoreRow,
} from '../../db/schema';
import { validationFailed } from '../../http/problem';
import { notifyAssigned } from '../notifications/fan-out';
import { storedAwayPeriods } from './away-periods';
import { recordChoreChange, scopeOf } from './chore-changes';

/**
 * A chore's strategy at work (docs/chores.md "Assignment strategies"): what the domain's
 * `nextTurn` needs, read for many chores at once, and the next turn given after a completion.
 */

export interface StrategyOptions {
  assignmentStrategy: ChoreRow['assignmentStrategy'];
  rotationOrder: number[];
  assigneeId: number | null;
  fairWindow: number | null;
}

/** The people a strategy names must be members of the chore's group (422 otherwise). */
export async function assertStrategyMembers(db: DbOrTx, groupId: number, options: StrategyOptions) {
  const named = [
    ...options.rotationOrder,
    ...(options.assigneeId === null ? [] : [options.assigneeId]),
  ];
  if (named.length === 0) return;
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, named)));
  const members = new Set(rows.map((row) => row.userId));
  const issues = [
    ...options.rotationOrder.flatMap((id, index) =>
      members.has(id) ? [] : [{ path: `rotation_order.${index}`, id }],
    ),
    ...(options.assigneeId !== null && !members.has(options.assigneeId)
      ? [{ path: 'assignee_id', id: options.assigneeId }]
      : []),
  ];
  if (issues.length > 0) {
    throw validationFailed(
      issues.map((issue) => ({
        path: issue.path,
        code: 'not_a_member',
        message: 'Only members of the group can be given the chore',
      })),
    );
  }
}

interface StrategyFacts {
  members: Map<number, number[]>;
  effort: Map<string, number>;
  done: Map<string, number>;
  /** Per chore: the latest turns before its cutoff date, oldest first, and how many came before. */
  turns: Map<number, { latest: number[]; earlier: number }>;
  /** Per group: the stored away periods that end on or after the earliest turn asked about. */
  away: Map<number, AwayPeriod[]>;
}

/** The strategies that weigh what members have done; the others never read those sums. */
const COUNTING = new Set<ChoreRow['assignmentStrategy']>(['least_done', 'least_effort']);
/** The strategies that follow the turns before: the last one in the order, or the window. */
const FOLLOWING = new Set<ChoreRow['assignmentStrategy']>(['fixed_rotation', 'random_fair']);

/**
 * What the strategies of these group chores need, in five queries whatever their number; the turns
 * counted are those before `cutoff(chore)` (its due date for the turn it is on).
 */
export async function strategyFacts(
  db: DbOrTx,
  rows: readonly ChoreRow[],
  cutoff: (chore: ChoreRow) => string,
): Promise<StrategyFacts> {
  const grouped = rows.filter((row) => row.groupId !== null);
  const groupIds = [...new Set(grouped.map((row) => row.groupId!))];
  const facts: StrategyFacts = {
    members: new Map(),
    effort: new Map(),
    done: new Map(),
    turns: new Map(),
    away: new Map(),
  };
  if (groupIds.length === 0) return facts;
  const members = await db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, groupIds));
  for (const row of members) {
    const ids = facts.members.get(row.groupId) ?? [];
    ids.push(row.userId);
    facts.members.set(row.groupId, ids);
  }
  // What members have done, from the totals kept with the history: read only for the chores
  // whose strategy weighs it.
  const counting = grouped.filter((row) => COUNTING.has(row.assignmentStrategy));
  if (counting.length > 0) {
    const countingGroups = [...new Set(counting.map((row) => row.groupId!))];
    const effort = await db
      .select()
      .from(choreEffortTotals)
      .where(inArray(choreEffortTotals.groupId, countingGroups));
    for (const row of effort) facts.effort.set(`${row.groupId}/${row.userId}`, row.effort);
    const done = await db
      .select()
      .from(choreDoneTotals)
      .where(
        inArray(
          choreDoneTotals.choreId,
          counting.map((row) => row.id),
        ),
      );
    for (const row of done) facts.done.set(`${row.choreId}/${row.userId}`, row.done);
  }
  // An order needs the last turn in it, a fair draw the turns of its current window: the latest
  // turns (a window's worth, at least one round of the group), read backwards from each chore's
  // cutoff on the (chore_id, due_date) index, and for a draw the count of all before them.
  const following = grouped.filter((row) => FOLLOWING.has(row.assignmentStrategy));
  if (following.length > 0) {
    const wanted = following.map(
      (row) =>
        sql`(${row.id}::int, ${cutoff(row)}::date, ${Math.max(
          1,
          row.fairWindow ?? 0,
          row.rotationOrder.length,
          facts.members.get(row.groupId!)?.length ?? 0,
        )}::int, ${row.assignmentStrategy === 'random_fair'}::boolean)`,
    );
    // Both drivers answer `rows`; the shared Db type does not say so. LIMIT keeps each lateral
    // read an index scan of its own instead of one join over every turn of every chore. The count
    // is a lateral of the chore, made once per chore (`offset 0` keeps the planner from folding it
    // back into the select list, where it was made again for each of its latest turns).
    const result = (await db.execute(sql`
      select c.chore_id, latest.user_id, c.counted, earlier.total
      from (values ${sql.join(wanted, sql`, `)}) as c(chore_id, cutoff, keep, counted)
      cross join lateral (
        select case when c.counted then (
          select count(*)::int from ${choreAssignments} a
          where a.chore_id = c.chore_id and a.due_date < c.cutoff
        ) else 0 end as total
        offset 0
      ) earlier
      cross join lateral (
        select a.user_id, a.due_date from ${choreAssignments} a
        where a.chore_id = c.chore_id and a.due_date < c.cutoff
        order by a.due_date desc
        limit c.keep
      ) latest
      order by c.chore_id, latest.due_date`)) as unknown as {
      rows: { chore_id: number; user_id: number; counted: boolean; total: number }[];
    };
    for (const row of result.rows) {
      const turns = facts.turns.get(row.chore_id) ?? { latest: [], earlier: 0 };
      turns.latest.push(row.user_id);
      facts.turns.set(row.chore_id, turns);
      // Only a draw counts its turns in windows from the first: an order needs the last one.
      if (row.counted) turns.earlier = row.total - turns.latest.length;
    }
  }
  const earliest = rows.reduce((min, row) => (row.dueDate < min ? row.dueDate : min), '9999-12-31');
  for (const period of await storedAwayPeriods(db, groupIds, earliest)) {
    const periods = facts.away.get(period.groupId) ?? [];
    periods.push({ userId: period.userId, from: period.from, to: period.to });
    facts.away.set(period.groupId, periods);
  }
  return facts;
}

/** Who the chore's strategy gives its turn on `date` (the facts' cutoff for it) to. */
export function pickTurn(chore: ChoreRow, facts: StrategyFacts, date: string): NextTurn | null {
  if (chore.groupId === null) return null;
  const groupId = chore.groupId;
  return nextTurn({
    strategy: chore.assignmentStrategy,
    members: (facts.members.get(groupId) ?? []).map((userId) => ({
      userId,
      doneCount: facts.done.get(`${chore.id}/${userId}`) ?? 0,
      effort: facts.effort.get(`${groupId}/${userId}`) ?? 0,
    })),
    turns: facts.turns.get(chore.id)?.latest ?? [],
    earlierTurns: facts.turns.get(chore.id)?.earlier ?? 0,
    away: facts.away.get(groupId) ?? [],
    date,
    rotationOrder: chore.rotationOrder,
    assigneeId: chore.assigneeId,
    fairWindow: chore.fairWindow,
    seed: chore.id,
  });
}

/**
 * Gives the chore's current turn to whom its strategy picks, unless someone has it already or the
 * chore is claimable (its turn waits for someone to take it). Returns the new assignment.
 */
export async function assignCurrentTurn(
  tx: Tx,
  chore: ChoreRow,
  actorId: number,
): Promise<ChoreAssignmentRow | null> {
  if (chore.groupId === null || chore.assignmentStrategy === 'claimable') return null;
  if (chore.frequency === 'one_time' && chore.completedOn !== null) return null;
  const facts = await strategyFacts(tx, [chore], (row) => row.dueDate);
  const next = pickTurn(chore, facts, chore.dueDate);
  if (next?.userId == null) return null;
  const [assignment] = await tx
    .insert(choreAssignments)
    .values({
      choreId: chore.id,
      groupId: chore.groupId,
      userId: next.userId,
      dueDate: chore.dueDate,
      createdBy: actorId,
    })
    .onConflictDoNothing()
    .returning();
  if (!assignment) return null;
  await recordChoreChange(tx, chore, scopeOf(chore), {
    action: 'assigned',
    actorId,
    subjectUserId: next.userId,
    details: {
      assignment_id: assignment.id,
      due_date: assignment.dueDate,
      reason: next.reason.kind,
    },
  });
  await notifyAssigned(tx, chore, assignment, actorId);
  return assignment;
}
