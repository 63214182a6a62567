import type { ZSkipChoreBody, ZSnoozeChoreBody } from '@household/contracts';
import { completableFrom, isCompletable, moveOn, snoozedDueDate, todayIn } from '@household/domain';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  choreAssignments,
  chores,
  choreTimeEntries,
  type ChoreAssignmentRow,
  type ChoreRow,
  type UserRow,
} from '../../db/schema';
import { AppError } from '../../http/problem';
import { assignCurrentTurn } from './assignment-strategy';
import { assignmentEvent, choreEvent, recordChoreChange, scopeOf } from './chore-changes';
import { presentChores } from './chores.presenter';
import { requireVisibleChore, type VisibleChore } from './chores.policy';
import { bumped, lockChore } from './edit-chore';

/**
 * When the next turn is due (docs/chores.md "When the next one is due"): the completion window,
 * skipping a turn and snoozing one, and the rule that a chore has one open turn at a time.
 */

type SkipBody = z.output<typeof ZSkipChoreBody>;
type SnoozeBody = z.output<typeof ZSnoozeChoreBody>;

/** The recurrence and due rule of a chore, for the domain. */
const recurrenceOf = (chore: ChoreRow) => ({
  frequency: chore.frequency,
  intervalDays: chore.intervalDays,
  anchorDate: chore.anchorDate,
});

/** 409 when the turn due on `dueDate` is done before its completion window opens. */
export function assertTurnOpen(chore: ChoreRow, dueDate: string, today: string) {
  if (isCompletable(dueDate, chore.completionWindowDays, today)) return;
  const opensOn = completableFrom(dueDate, chore.completionWindowDays)!;
  throw new AppError(
    409,
    'not_open_yet',
    `This turn can be done from ${opensOn}`,
    undefined,
    undefined,
    { opens_on: opensOn },
  );
}

/**
 * One open turn per chore: once the chore has moved on to `chore.dueDate`, the open (not done)
 * assignments dated before it go, so that a chore three weeks overdue has one turn, not three.
 * A turn someone has recorded time on stays: that work is not thrown away. Returns the removed.
 */
export async function clearOverdueTurns(tx: Tx, chore: ChoreRow): Promise<ChoreAssignmentRow[]> {
  return tx
    .delete(choreAssignments)
    .where(
      and(
        eq(choreAssignments.choreId, chore.id),
        lt(choreAssignments.dueDate, chore.dueDate),
        isNull(choreAssignments.completedOn),
        sql`not exists (select 1 from ${choreTimeEntries} where ${choreTimeEntries.assignmentId} = ${choreAssignments.id})`,
      ),
    )
    .returning();
}

/** The open assignment of the chore's current turn, if someone has it. */
async function openTurnOf(tx: Tx, chore: ChoreRow): Promise<ChoreAssignmentRow | null> {
  const [row] = await tx
    .select()
    .from(choreAssignments)
    .where(
      and(
        eq(choreAssignments.choreId, chore.id),
        eq(choreAssignments.dueDate, chore.dueDate),
        isNull(choreAssignments.completedOn),
      ),
    );
  return row ?? null;
}

/**
 * Moves an assignment to `dueDate`. An open turn of someone else already on that date gives way
 * (the moved turn is the current one); a done one there keeps its date and the move is dropped.
 */
async function moveTurn(tx: Tx, assignment: ChoreAssignmentRow, dueDate: string) {
  const removed = await tx
    .delete(choreAssignments)
    .where(
      and(
        eq(choreAssignments.choreId, assignment.choreId),
        eq(choreAssignments.dueDate, dueDate),
        isNull(choreAssignments.completedOn),
        ne(choreAssignments.id, assignment.id),
      ),
    )
    .returning();
  const [moved] = await tx
    .update(choreAssignments)
    .set({ dueDate, version: assignment.version + 1, updatedAt: sql`now()` })
    .where(
      and(
        eq(choreAssignments.id, assignment.id),
        sql`not exists (select 1 from ${choreAssignments} other where other.chore_id = ${assignment.choreId} and other.due_date = ${dueDate})`,
      ),
    )
    .returning();
  return { moved: moved ?? null, removed };
}

/** Locks the chore; with a version, checks it (409 when stale). */
async function lockForTurn(
  ctx: AppContext,
  tx: Tx,
  actor: UserRow,
  id: number,
  version: number | undefined,
): Promise<VisibleChore> {
  return version === undefined
    ? requireVisibleChore(tx, id, actor, { lock: true })
    : lockChore(ctx, tx, { actor, id, version });
}

interface TurnChange {
  row: ChoreRow;
  created: ChoreAssignmentRow[];
  updated: ChoreAssignmentRow[];
  removed: ChoreAssignmentRow[];
}

async function publishTurnChange(ctx: AppContext, actor: UserRow, change: TurnChange) {
  await ctx.events.publish(choreEvent(change.row, 'updated', actor.id));
  for (const row of change.created) {
    await ctx.events.publish(assignmentEvent(row, 'created', actor.id));
  }
  for (const row of change.updated) {
    await ctx.events.publish(assignmentEvent(row, 'updated', actor.id));
  }
  for (const row of change.removed) {
    await ctx.events.publish(assignmentEvent(row, 'deleted', actor.id));
  }
  const [presented] = await presentChores(ctx.db, ctx.config, actor, [change.row]);
  return presented!;
}

/**
 * POST /chores/{id}/skip: the current turn passes without credit, for a reason. The chore moves on
 * as after a completion (by its due rule; the completion rule counts from the day of the skip).
 * The skipped turn's assignment is removed; `skip_policy` gives the next turn to the next person
 * by the strategy (the skipped one counts as having had a turn in a fixed rotation, not as done),
 * or back to the same person.
 */
export async function skipChore(ctx: AppContext, actor: UserRow, id: number, body: SkipBody) {
  const change = await ctx.db.transaction(async (tx): Promise<TurnChange> => {
    const { chore, timeZone } = await lockForTurn(ctx, tx, actor, id, body.version);
    if (chore.frequency === 'one_time') {
      throw new AppError(422, 'validation_failed', 'A one-time chore cannot be skipped', [
        { path: 'frequency', code: 'one_time', message: 'A one-time chore cannot be skipped' },
      ]);
    }
    const today = todayIn(timeZone);
    const skipped = await openTurnOf(tx, chore);
    const move = moveOn(recurrenceOf(chore), chore.dueRule, chore.dueDate, today);
    const [row] = await tx
      .update(chores)
      .set({
        dueDate: move.dueDate,
        anchorDate: move.anchorDate,
        // The last completion can no longer be undone: the chore has moved on past it.
        dueBeforeCompletion: null,
        ...bumped(chore),
      })
      .where(eq(chores.id, chore.id))
      .returning();
    await recordChoreChange(tx, row!, scopeOf(row!), {
      action: 'skipped',
      actorId: actor.id,
      subjectUserId: skipped?.userId ?? null,
      details: {
        reason: body.reason,
        due_before: chore.dueDate,
        due_after: row!.dueDate,
        skipped_on: today,
      },
    });
    const created: ChoreAssignmentRow[] = [];
    const updated: ChoreAssignmentRow[] = [];
    const removed: ChoreAssignmentRow[] = [];
    if (skipped && row!.skipPolicy === 'same_person') {
      const result = await moveTurn(tx, skipped, row!.dueDate);
      removed.push(...result.removed);
      if (result.moved) updated.push(result.moved);
    } else if (skipped || row!.assignmentStrategy !== 'least_effort') {
      // Handed out while the skipped turn still counts as had, then the skipped turn goes.
      const next = await assignCurrentTurn(tx, row!, actor.id);
      if (next) created.push(next);
    }
    removed.push(...(await clearOverdueTurns(tx, row!)));
    return { row: row!, created, updated, removed };
  });
  return publishTurnChange(ctx, actor, change);
}

/**
 * POST /chores/{id}/snooze: the current turn, and its assignment, wait a day or a week. The anchor
 * stays, so a rent-day chore keeps its day afterwards.
 */
export async function snoozeChore(ctx: AppContext, actor: UserRow, id: number, body: SnoozeBody) {
  const change = await ctx.db.transaction(async (tx): Promise<TurnChange> => {
    const { chore } = await lockForTurn(ctx, tx, actor, id, body.version);
    if (chore.frequency === 'one_time' && chore.completedOn !== null) {
      throw new AppError(409, 'already_done', 'The chore is done already');
    }
    const turn = await openTurnOf(tx, chore);
    const [row] = await tx
      .update(chores)
      .set({
        dueDate: snoozedDueDate(chore.dueDate, body.days),
        dueBeforeCompletion: null,
        ...bumped(chore),
      })
      .where(eq(chores.id, chore.id))
      .returning();
    const result = turn ? await moveTurn(tx, turn, row!.dueDate) : { moved: null, removed: [] };
    await recordChoreChange(tx, row!, scopeOf(row!), {
      action: 'snoozed',
      actorId: actor.id,
      subjectUserId: turn?.userId ?? null,
      details: { days: body.days, due_before: chore.dueDate, due_after: row!.dueDate },
    });
    return {
      row: row!,
      created: [],
      updated: result.moved ? [result.moved] : [],
      removed: result.removed,
    };
  });
  return publishTurnChange(ctx, actor, change);
}
