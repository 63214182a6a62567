import { nextTurn, type NextTurn } from '@household/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  choreAssignments,
  groupMembers,
  type ChoreAssignmentRow,
  type ChoreRow,
} from '../../db/schema';
import { validationFailed } from '../../http/problem';
import { notifyAssigned } from '../notifications/fan-out';
import { recordChoreChange, scopeOf } from './chore-changes';
import { strategyFacts, type StrategyFacts } from './chore-facts';

/**
 * A chore's strategy at work (docs/chores.md "Assignment strategies"): the people it may name, who
 * it picks from the facts (chore-facts.ts), and the next turn given after a completion.
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
