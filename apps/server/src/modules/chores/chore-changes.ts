import type { ActivityVerb, ChoreHistoryAction, RealtimeEvent } from '@household/contracts';
import type { Tx } from '../../db/client';
import { sql } from 'drizzle-orm';
import {
  choreDoneTotals,
  choreEffortTotals,
  choreHistory,
  type ChoreAssignmentRow,
  type ChoreRow,
} from '../../db/schema';
import { recordActivity } from '../groups/activity';

/** The realtime event of a chore change: to its group's members, or to its owner alone. */
export function choreEvent(
  chore: Pick<ChoreRow, 'id' | 'groupId' | 'ownerId' | 'version'>,
  action: RealtimeEvent['action'],
  actorId: number,
): RealtimeEvent {
  return {
    entity: 'chore',
    id: chore.id,
    action,
    list_id: null,
    group_id: chore.groupId,
    user_id: chore.groupId === null ? chore.ownerId : null,
    version: chore.version,
    actor: actorId,
  };
}

export function assignmentEvent(
  assignment: Pick<ChoreAssignmentRow, 'id' | 'groupId' | 'userId' | 'version'>,
  action: RealtimeEvent['action'],
  actorId: number,
): RealtimeEvent {
  return {
    entity: 'assignment',
    id: assignment.id,
    action,
    list_id: null,
    group_id: assignment.groupId,
    user_id: assignment.groupId === null ? assignment.userId : null,
    version: assignment.version,
    actor: actorId,
  };
}

/** Each history action's entry in the group's activity log. */
const ACTIVITY_OF: Record<ChoreHistoryAction, ActivityVerb> = {
  created: 'chore_created',
  updated: 'chore_updated',
  deleted: 'chore_deleted',
  completed: 'chore_completed',
  undone: 'chore_undone',
  assigned: 'chore_assigned',
  unassigned: 'chore_unassigned',
  assignment_completed: 'assignment_completed',
  assignment_undone: 'assignment_undone',
  schedule_generated: 'chore_schedule_generated',
  time_logged: 'chore_time_logged',
  skipped: 'chore_skipped',
  snoozed: 'chore_snoozed',
  swap_requested: 'chore_swap_requested',
  swap_accepted: 'chore_swap_accepted',
  swap_declined: 'chore_swap_declined',
  swap_cancelled: 'chore_swap_cancelled',
};

export interface ChoreChange {
  action: ChoreHistoryAction;
  actorId: number;
  /** Who the change is about: who did the chore, who was assigned it. */
  subjectUserId?: number | null;
  /** Effort credited to the subject: the chore's effort when done, its negative when undone. */
  effort?: number;
  details?: Record<string, unknown>;
}

/**
 * One history entry and, for a group chore, one activity entry. Takes a transaction, never the
 * database: the record is written with its change or not at all.
 */
export async function recordChoreChange(
  tx: Tx,
  chore: Pick<ChoreRow, 'id' | 'groupId' | 'ownerId' | 'name'> | null,
  scope: { groupId: number | null; ownerId: number | null },
  change: ChoreChange,
) {
  const details = { chore_id: chore?.id ?? null, chore_name: chore?.name ?? '', ...change.details };
  await tx.insert(choreHistory).values({
    groupId: scope.groupId,
    ownerId: scope.groupId === null ? scope.ownerId : null,
    choreId: chore?.id ?? null,
    choreName: chore?.name ?? '',
    action: change.action,
    actorId: change.actorId,
    subjectUserId: change.subjectUserId ?? null,
    effort: change.effort ?? 0,
    details,
  });
  if (scope.groupId === null) return;
  await creditMember(tx, scope.groupId, chore?.id ?? null, change);
  await recordActivity(tx, {
    groupId: scope.groupId,
    actorId: change.actorId,
    verb: ACTIVITY_OF[change.action],
    subjectUserId: change.subjectUserId ?? null,
    details,
  });
}

/**
 * Keeps the group's totals (`chore_effort_totals`, `chore_done_totals`) with the history entry
 * that credits a member: a done turn adds its effort and one turn, an undo takes them back.
 */
async function creditMember(
  tx: Tx,
  groupId: number,
  choreId: number | null,
  change: ChoreChange,
): Promise<void> {
  const effort = change.effort ?? 0;
  const userId = change.subjectUserId ?? null;
  if (effort === 0 || userId === null) return;
  await tx
    .insert(choreEffortTotals)
    .values({ groupId, userId, effort })
    .onConflictDoUpdate({
      target: [choreEffortTotals.groupId, choreEffortTotals.userId],
      set: { effort: sql`${choreEffortTotals.effort} + excluded.effort` },
    });
  if (choreId === null) return;
  await tx
    .insert(choreDoneTotals)
    .values({ choreId, userId, done: Math.sign(effort) })
    .onConflictDoUpdate({
      target: [choreDoneTotals.choreId, choreDoneTotals.userId],
      set: { done: sql`${choreDoneTotals.done} + excluded.done` },
    });
}

/** The scope of a chore's records: its group, or its owner. */
export const scopeOf = (chore: Pick<ChoreRow, 'groupId' | 'ownerId'>) => ({
  groupId: chore.groupId,
  ownerId: chore.ownerId,
});
