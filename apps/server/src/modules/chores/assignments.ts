import type {
  Assignment,
  AssignmentList,
  ZCreateAssignmentBody,
  ZUpdateAssignmentBody,
} from '@household/contracts';
import { addCalendarDays, todayIn } from '@household/domain';
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { choreAssignments, chores, type ChoreAssignmentRow, type UserRow } from '../../db/schema';
import { AppError, validationFailed } from '../../http/problem';
import { findMembership } from '../groups/membership';
import { assignmentEvent, choreEvent, recordChoreChange, scopeOf } from './chore-changes';
import { presentAssignments } from './chores.presenter';
import {
  assertCanChangeAssignment,
  assertCanCompleteAssignment,
  requireVisibleAssignment,
  requireVisibleChore,
  type VisibleAssignment,
  type VisibleChore,
} from './chores.policy';
import { assertTurnOpen, clearOverdueTurns } from './chore-due';
import { assignNextTurn, markOccurrenceDone, reopenOccurrence } from './complete-chore';
import { notifyAssigned } from '../notifications/fan-out';

type CreateBody = z.output<typeof ZCreateAssignmentBody>;
type UpdateBody = z.output<typeof ZUpdateAssignmentBody>;

/** How far back "My assigned chores" shows what was completed, unless asked otherwise. */
const COMPLETED_DAYS_SHOWN = 30;

const staleAssignment = (current: Assignment) =>
  new AppError(
    409,
    'conflict',
    'The assignment was changed meanwhile; reload it and try again',
    undefined,
    undefined,
    { current },
  );

async function presentOne(ctx: AppContext, db: DbOrTx, visible: VisibleAssignment) {
  const [presented] = await presentAssignments(db, ctx.config, [
    { assignment: visible.assignment, chore: visible.chore },
  ]);
  return presented!;
}

/** The assignee must be able to see the chore: a member of its group, or its owner. */
async function assertMayBeAssigned(tx: DbOrTx, visible: VisibleChore, userId: number) {
  const allowed =
    visible.chore.groupId === null
      ? visible.chore.ownerId === userId
      : (await findMembership(tx, visible.chore.groupId, userId)) !== null;
  if (!allowed) {
    throw validationFailed([
      {
        path: 'user_id',
        code: 'not_a_member',
        message: 'Only a member of the group can be assigned the chore',
      },
    ]);
  }
}

/** GET /chores/assignments: mine, pending ones and recently completed ones, by due date. */
export async function listMyAssignments(
  ctx: AppContext,
  actor: UserRow,
  completedSince: string | undefined,
): Promise<AssignmentList> {
  const since = completedSince ?? addCalendarDays(todayIn(actor.timezone), -COMPLETED_DAYS_SHOWN);
  const rows = await ctx.db
    .select({
      assignment: choreAssignments,
      chore: { name: chores.name, effort: chores.effort, frequency: chores.frequency },
    })
    .from(choreAssignments)
    .innerJoin(chores, eq(chores.id, choreAssignments.choreId))
    .where(
      and(
        eq(choreAssignments.userId, actor.id),
        or(isNull(choreAssignments.completedOn), gte(choreAssignments.completedOn, since)),
        // An assignment of a group the person has left is no longer theirs to see.
        or(
          isNull(choreAssignments.groupId),
          sql`exists (select 1 from group_members gm where gm.group_id = ${choreAssignments.groupId} and gm.user_id = ${actor.id})`,
        ),
      ),
    )
    .orderBy(asc(choreAssignments.dueDate), asc(choreAssignments.id));
  return { items: await presentAssignments(ctx.db, ctx.config, rows) };
}

/** GET /chores/{id}/assignments: every occurrence someone has, by due date. */
export async function listChoreAssignments(
  ctx: AppContext,
  actor: UserRow,
  choreId: number,
): Promise<AssignmentList> {
  const { chore } = await requireVisibleChore(ctx.db, choreId, actor);
  const rows = await ctx.db
    .select()
    .from(choreAssignments)
    .where(eq(choreAssignments.choreId, choreId))
    .orderBy(asc(choreAssignments.dueDate));
  return {
    items: await presentAssignments(
      ctx.db,
      ctx.config,
      rows.map((assignment) => ({ assignment, chore })),
    ),
  };
}

export async function getAssignment(ctx: AppContext, actor: UserRow, id: number) {
  return presentOne(ctx, ctx.db, await requireVisibleAssignment(ctx.db, id, actor));
}

/** POST /chores/{id}/assignments: one member takes one occurrence (the due one by default). */
export async function createAssignment(
  ctx: AppContext,
  actor: UserRow,
  choreId: number,
  body: CreateBody,
): Promise<Assignment> {
  const created = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleChore(tx, choreId, actor, { lock: true });
    await assertMayBeAssigned(tx, visible, body.user_id);
    const { chore } = visible;
    const [assignment] = await tx
      .insert(choreAssignments)
      .values({
        choreId,
        groupId: chore.groupId,
        userId: body.user_id,
        dueDate: body.due_date ?? chore.dueDate,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!assignment) {
      throw new AppError(409, 'already_assigned', 'Someone is assigned that occurrence already');
    }
    await recordChoreChange(tx, chore, scopeOf(chore), {
      action: 'assigned',
      actorId: actor.id,
      subjectUserId: body.user_id,
      details: { assignment_id: assignment.id, due_date: assignment.dueDate },
    });
    await notifyAssigned(tx, chore, assignment, actor.id);
    return { ...visible, assignment };
  });
  await ctx.events.publish(assignmentEvent(created.assignment, 'created', actor.id));
  return presentOne(ctx, ctx.db, created);
}

interface LockAssignmentOptions {
  actor: UserRow;
  id: number;
  /** The version the change was based on. */
  version: number;
}

async function lockAssignment(
  ctx: AppContext,
  tx: Tx,
  { actor, id, version }: LockAssignmentOptions,
): Promise<VisibleAssignment> {
  const visible = await requireVisibleAssignment(tx, id, actor, { lock: true });
  if (visible.assignment.version !== version) {
    throw staleAssignment(await presentOne(ctx, tx, visible));
  }
  return visible;
}

async function setAssignment(
  tx: Tx,
  assignment: ChoreAssignmentRow,
  values: Partial<Pick<ChoreAssignmentRow, 'completedOn' | 'completedBy' | 'userId'>>,
) {
  const [row] = await tx
    .update(choreAssignments)
    .set({ ...values, version: assignment.version + 1, updatedAt: sql`now()` })
    .where(eq(choreAssignments.id, assignment.id))
    .returning();
  return row!;
}

/**
 * Completing the assignment of the chore's current (or an earlier, missed) occurrence completes
 * the chore too, crediting the assignee; one for a later occurrence is recorded on its own
 * (docs/chores.md "Assignments").
 */
async function completeAssignment(tx: Tx, visible: VisibleAssignment, actor: UserRow) {
  const { chore, assignment, timeZone } = visible;
  if (assignment.completedOn !== null) {
    throw new AppError(409, 'already_done', 'The assignment is done already');
  }
  const today = todayIn(timeZone);
  assertTurnOpen(chore, assignment.dueDate, today);
  const row = await setAssignment(tx, assignment, { completedOn: today, completedBy: actor.id });
  const completesChore =
    assignment.dueDate <= chore.dueDate &&
    !(chore.frequency === 'one_time' && chore.completedOn !== null);
  const choreRow = completesChore
    ? await markOccurrenceDone(tx, chore, assignment.userId, today)
    : null;
  await recordChoreChange(tx, chore, scopeOf(chore), {
    action: 'assignment_completed',
    actorId: actor.id,
    subjectUserId: assignment.userId,
    effort: chore.effort,
    details: {
      assignment_id: assignment.id,
      due_date: assignment.dueDate,
      completed_on: today,
      ...(choreRow ? { due_before: chore.dueDate, due_after: choreRow.dueDate } : {}),
      // A swapped turn (docs/chores.md "Swaps"): credited to its doer, done for this person.
      ...(assignment.forUserId === null ? {} : { for_user_id: assignment.forUserId }),
    },
  });
  // The next turn is handed out counting this one.
  const next = choreRow ? await assignNextTurn(tx, choreRow, actor.id, true) : null;
  if (choreRow) await clearOverdueTurns(tx, choreRow);
  return { row, choreRow, next };
}

async function undoAssignment(tx: Tx, visible: VisibleAssignment, actor: UserRow) {
  const { chore, assignment } = visible;
  if (assignment.completedOn === null) {
    throw new AppError(409, 'not_done', 'The assignment is not done');
  }
  const row = await setAssignment(tx, assignment, { completedOn: null, completedBy: null });
  // The chore moved on with this assignment's completion: it moves back with its undo.
  const movedChore =
    chore.dueBeforeCompletion === assignment.dueDate &&
    chore.completedOn === assignment.completedOn;
  const choreRow = movedChore ? await reopenOccurrence(tx, chore) : null;
  await recordChoreChange(tx, chore, scopeOf(chore), {
    action: 'assignment_undone',
    actorId: actor.id,
    subjectUserId: assignment.userId,
    effort: -chore.effort,
    details: { assignment_id: assignment.id, due_date: assignment.dueDate },
  });
  return { row, choreRow, next: null };
}

/** PATCH /chores/assignments/{id}: complete, undo, or hand the occurrence to someone else. */
export async function updateAssignment(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: UpdateBody,
): Promise<Assignment> {
  const result = await ctx.db.transaction(async (tx) => {
    let visible = await lockAssignment(ctx, tx, { actor, id, version: body.version });
    let choreRow = null;
    let next: ChoreAssignmentRow | null = null;
    if (body.user_id !== undefined && body.user_id !== visible.assignment.userId) {
      assertCanChangeAssignment(visible, actor.id);
      await assertMayBeAssigned(tx, visible, body.user_id);
      const assignment = await setAssignment(tx, visible.assignment, { userId: body.user_id });
      await recordChoreChange(tx, visible.chore, scopeOf(visible.chore), {
        action: 'assigned',
        actorId: actor.id,
        subjectUserId: body.user_id,
        details: { assignment_id: id, due_date: assignment.dueDate },
      });
      await notifyAssigned(tx, visible.chore, assignment, actor.id);
      visible = { ...visible, assignment };
    }
    const done = visible.assignment.completedOn !== null;
    if (body.completed !== undefined && body.completed !== done) {
      assertCanCompleteAssignment(visible, actor.id);
      const change = body.completed
        ? await completeAssignment(tx, visible, actor)
        : await undoAssignment(tx, visible, actor);
      visible = { ...visible, assignment: change.row, chore: change.choreRow ?? visible.chore };
      choreRow = change.choreRow;
      next = change.next;
    }
    return { visible, choreRow, next };
  });
  const { visible, choreRow, next } = result;
  if (visible.assignment.version !== body.version) {
    await ctx.events.publish(assignmentEvent(visible.assignment, 'updated', actor.id));
  }
  if (choreRow) await ctx.events.publish(choreEvent(choreRow, 'updated', actor.id));
  if (next) await ctx.events.publish(assignmentEvent(next, 'created', actor.id));
  return presentOne(ctx, ctx.db, visible);
}

export async function deleteAssignment(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  version: number,
) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const visible = await lockAssignment(ctx, tx, { actor, id, version });
    assertCanChangeAssignment(visible, actor.id);
    const { chore, assignment } = visible;
    await tx.delete(choreAssignments).where(eq(choreAssignments.id, id));
    await recordChoreChange(tx, chore, scopeOf(chore), {
      action: 'unassigned',
      actorId: actor.id,
      subjectUserId: assignment.userId,
      details: { assignment_id: id, due_date: assignment.dueDate },
    });
    return assignment;
  });
  await ctx.events.publish(assignmentEvent(deleted, 'deleted', actor.id));
}
