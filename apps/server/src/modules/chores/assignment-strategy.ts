import { nextTurn, type AwayPeriod, type NextTurn } from '@household/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  choreAssignments,
  choreHistory,
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
  turns: Map<number, { userId: number; dueDate: string }[]>;
  /** Per group: the stored away periods that end on or after the earliest turn asked about. */
  away: Map<number, AwayPeriod[]>;
}

/** What the strategies of these group chores need, in five queries whatever their number. */
export async function strategyFacts(db: DbOrTx, rows: readonly ChoreRow[]): Promise<StrategyFacts> {
  const groupIds = [...new Set(rows.flatMap((row) => (row.groupId === null ? [] : [row.groupId])))];
  const choreIds = rows.filter((row) => row.groupId !== null).map((row) => row.id);
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
    facts.members.set(row.groupId, [...(facts.members.get(row.groupId) ?? []), row.userId]);
  }
  const effort = await db
    .select({
      groupId: choreHistory.groupId,
      userId: choreHistory.subjectUserId,
      effort: sql<number>`coalesce(sum(${choreHistory.effort}), 0)::int`,
    })
    .from(choreHistory)
    .where(and(inArray(choreHistory.groupId, groupIds), sql`${choreHistory.effort} <> 0`))
    .groupBy(choreHistory.groupId, choreHistory.subjectUserId);
  for (const row of effort) facts.effort.set(`${row.groupId}/${row.userId}`, row.effort);
  const done = await db
    .select({
      choreId: choreHistory.choreId,
      userId: choreHistory.subjectUserId,
      count: sql<number>`(count(*) filter (where ${choreHistory.effort} > 0) - count(*) filter (where ${choreHistory.effort} < 0))::int`,
    })
    .from(choreHistory)
    .where(and(inArray(choreHistory.choreId, choreIds), sql`${choreHistory.effort} <> 0`))
    .groupBy(choreHistory.choreId, choreHistory.subjectUserId);
  for (const row of done) facts.done.set(`${row.choreId}/${row.userId}`, row.count);
  // Only an order and a window look at earlier turns: the other chores' histories are not read.
  const ordered = rows
    .filter(
      (row) =>
        row.groupId !== null &&
        (row.assignmentStrategy === 'fixed_rotation' || row.assignmentStrategy === 'random_fair'),
    )
    .map((row) => row.id);
  const turns = await db
    .select({
      choreId: choreAssignments.choreId,
      userId: choreAssignments.userId,
      dueDate: choreAssignments.dueDate,
    })
    .from(choreAssignments)
    .where(inArray(choreAssignments.choreId, ordered.length > 0 ? ordered : [-1]))
    .orderBy(asc(choreAssignments.dueDate));
  for (const row of turns) {
    facts.turns.set(row.choreId, [...(facts.turns.get(row.choreId) ?? []), row]);
  }
  const earliest = rows.reduce((min, row) => (row.dueDate < min ? row.dueDate : min), '9999-12-31');
  for (const period of await storedAwayPeriods(db, groupIds, earliest)) {
    const periods = facts.away.get(period.groupId) ?? [];
    periods.push({ userId: period.userId, from: period.from, to: period.to });
    facts.away.set(period.groupId, periods);
  }
  return facts;
}

/** Who the chore's strategy gives its turn on `date` to, counting the turns before it. */
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
    turns: (facts.turns.get(chore.id) ?? [])
      .filter((turn) => turn.dueDate < date)
      .map((turn) => turn.userId),
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
  const facts = await strategyFacts(tx, [chore]);
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
