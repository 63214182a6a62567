import { moveOn, todayIn, type Recurrence } from '@household/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  choreAssignments,
  chores,
  type ChoreAssignmentRow,
  type ChoreRow,
  type UserRow,
} from '../../db/schema';
import { AppError } from '../../http/problem';
import { assignCurrentTurn } from './assignment-strategy';
import { assignmentEvent, choreEvent, recordChoreChange, scopeOf } from './chore-changes';
import { assertTurnOpen, clearOverdueTurns } from './chore-due';
import { presentChores } from './chores.presenter';
import { requireVisibleChore } from './chores.policy';
import { bumped, lockChore } from './edit-chore';

export const recurrenceOf = (chore: ChoreRow): Recurrence => ({
  frequency: chore.frequency,
  intervalDays: chore.intervalDays,
  anchorDate: chore.anchorDate,
});

/** The next version of an assignment, in an update of several rows. */
export const sqlIncrement = () => sql`${choreAssignments.version} + 1`;

const alreadyDone = () => new AppError(409, 'already_done', 'The chore is done already');
const notDone = () => new AppError(409, 'not_done', 'The chore is not done');

/**
 * Marks the chore's current occurrence done on `completedOn` (docs/chores.md "Recurrence"): a
 * recurring chore moves to its next due date, a one-time chore is completed. The previous due date
 * is kept so that an undo can put it back.
 */
export async function markOccurrenceDone(
  tx: Tx,
  chore: ChoreRow,
  byUserId: number,
  completedOn: string,
): Promise<ChoreRow> {
  if (chore.frequency === 'one_time' && chore.completedOn !== null) throw alreadyDone();
  // docs/chores.md "When the next one is due": from the anchor, or from the day it was done.
  const move = moveOn(recurrenceOf(chore), chore.dueRule, chore.dueDate, completedOn);
  const [row] = await tx
    .update(chores)
    .set({
      completedOn,
      completedBy: byUserId,
      dueBeforeCompletion: chore.dueDate,
      dueDate: move.dueDate,
      anchorDate: move.anchorDate,
      ...bumped(chore),
    })
    .where(eq(chores.id, chore.id))
    .returning();
  return row!;
}

/**
 * After a completion, the chore's next turn goes by its strategy: for a chore whose turns are
 * handed out (a strategy was chosen, or the done turn was someone's), not for one nobody is given.
 */
export async function assignNextTurn(
  tx: Tx,
  chore: ChoreRow,
  actorId: number,
  hadAssignment: boolean,
): Promise<ChoreAssignmentRow | null> {
  if (chore.assignmentStrategy === 'least_effort' && !hadAssignment) return null;
  return assignCurrentTurn(tx, chore, actorId);
}

/** Puts back the due date the last completion moved on from. */
export async function reopenOccurrence(tx: Tx, chore: ChoreRow): Promise<ChoreRow> {
  // A skip or a snooze since the last completion leaves nothing to undo (dueBeforeCompletion).
  const movedOn = chore.frequency !== 'one_time' && chore.dueBeforeCompletion === null;
  if (chore.completedOn === null || movedOn) throw notDone();
  const restored = chore.dueBeforeCompletion ?? chore.dueDate;
  const [row] = await tx
    .update(chores)
    .set({
      completedOn: null,
      completedBy: null,
      dueBeforeCompletion: null,
      dueDate: restored,
      // The completion rule anchors on the due date: the anchor goes back with it.
      ...(chore.dueRule === 'completion' ? { anchorDate: restored } : {}),
      ...bumped(chore),
    })
    .where(eq(chores.id, chore.id))
    .returning();
  return row!;
}

/** POST /chores/{id}/complete: done today (in the chore's zone), with its open assignment. */
export async function completeChore(ctx: AppContext, actor: UserRow, id: number, version: number) {
  const result = await ctx.db.transaction(async (tx) => {
    const { chore, timeZone } = await lockChore(ctx, tx, { actor, id, version });
    const today = todayIn(timeZone);
    assertTurnOpen(chore, chore.dueDate, today);
    const row = await markOccurrenceDone(tx, chore, actor.id, today);
    // The occurrence's assignment, if someone had it, is done with it.
    const finished = await tx
      .update(choreAssignments)
      .set({ completedOn: today, completedBy: actor.id, version: sqlIncrement() })
      .where(
        and(
          eq(choreAssignments.choreId, chore.id),
          eq(choreAssignments.dueDate, chore.dueDate),
          isNull(choreAssignments.completedOn),
        ),
      )
      .returning({ id: choreAssignments.id, forUserId: choreAssignments.forUserId });
    const forUserId = finished[0]?.forUserId ?? null;
    await recordChoreChange(tx, row, scopeOf(row), {
      action: 'completed',
      actorId: actor.id,
      subjectUserId: actor.id,
      effort: chore.effort,
      details: {
        due_before: chore.dueDate,
        due_after: row.dueDate,
        completed_on: today,
        // A swapped turn (docs/chores.md "Swaps"): done for whose turn it first was.
        ...(forUserId === null || forUserId === actor.id ? {} : { for_user_id: forUserId }),
      },
    });
    const next = await assignNextTurn(tx, row, actor.id, finished.length > 0);
    const removed = await clearOverdueTurns(tx, row);
    return { row, next, removed };
  });
  const done = result.row;
  await ctx.events.publish(choreEvent(done, 'updated', actor.id));
  if (result.next) await ctx.events.publish(assignmentEvent(result.next, 'created', actor.id));
  for (const gone of result.removed) {
    await ctx.events.publish(assignmentEvent(gone, 'deleted', actor.id));
  }
  const [presented] = await presentChores(ctx.db, ctx.config, actor, [done]);
  return presented!;
}

/** POST /chores/{id}/undo: the last completion is taken back and the due date restored. */
export async function undoChore(ctx: AppContext, actor: UserRow, id: number, version: number) {
  const undone = await ctx.db.transaction(async (tx) => {
    const { chore } = await lockChore(ctx, tx, { actor, id, version });
    const row = await reopenOccurrence(tx, chore);
    const restoredDue = row.dueDate;
    await tx
      .update(choreAssignments)
      .set({ completedOn: null, completedBy: null, version: sqlIncrement() })
      .where(
        and(
          eq(choreAssignments.choreId, chore.id),
          eq(choreAssignments.dueDate, restoredDue),
          eq(choreAssignments.completedOn, chore.completedOn!),
        ),
      );
    await recordChoreChange(tx, row, scopeOf(row), {
      action: 'undone',
      actorId: actor.id,
      subjectUserId: chore.completedBy,
      effort: -chore.effort,
      details: {
        due_before: chore.dueDate,
        due_after: row.dueDate,
        completed_on: chore.completedOn,
      },
    });
    return row;
  });
  await ctx.events.publish(choreEvent(undone, 'updated', actor.id));
  const { chore } = await requireVisibleChore(ctx.db, id, actor);
  const [presented] = await presentChores(ctx.db, ctx.config, actor, [chore]);
  return presented!;
}
