import type {
  TimeEntry,
  TimeEntryList,
  ZCreateTimeEntryBody,
  ZUpdateTimeEntryBody,
} from '@household/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { choreTimeEntries, type ChoreTimeEntryRow, type UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../http/problem';
import { assignmentEvent, recordChoreChange, scopeOf } from './chore-changes';
import { presentTimeEntries } from './chores.presenter';
import { requireVisibleAssignment, type VisibleAssignment } from './chores.policy';

type CreateBody = z.output<typeof ZCreateTimeEntryBody>;
type UpdateBody = z.output<typeof ZUpdateTimeEntryBody>;

const timeEntryNotFound = () => notFound('No such time entry');

/** A stopped timer counts whole minutes, at least one; a day at most (a forgotten stop button). */
const minutesBetween = (from: Date, to: Date) =>
  Math.min(24 * 60, Math.max(1, Math.round((to.getTime() - from.getTime()) / 60_000)));

async function presentOne(ctx: AppContext, row: ChoreTimeEntryRow): Promise<TimeEntry> {
  const [presented] = await presentTimeEntries(ctx.db, ctx.config, [row]);
  return presented!;
}

export async function listTimeEntries(
  ctx: AppContext,
  actor: UserRow,
  assignmentId: number,
): Promise<TimeEntryList> {
  await requireVisibleAssignment(ctx.db, assignmentId, actor);
  const rows = await ctx.db
    .select()
    .from(choreTimeEntries)
    .where(eq(choreTimeEntries.assignmentId, assignmentId))
    .orderBy(asc(choreTimeEntries.startedAt), asc(choreTimeEntries.id));
  return { items: await presentTimeEntries(ctx.db, ctx.config, rows) };
}

async function logged(tx: Tx, visible: VisibleAssignment, actor: UserRow, minutes: number) {
  await recordChoreChange(tx, visible.chore, scopeOf(visible.chore), {
    action: 'time_logged',
    actorId: actor.id,
    subjectUserId: actor.id,
    details: { assignment_id: visible.assignment.id, minutes },
  });
}

/** POST /chores/assignments/{id}/time-entries: start my timer, or record minutes spent. */
export async function createTimeEntry(
  ctx: AppContext,
  actor: UserRow,
  assignmentId: number,
  body: CreateBody,
): Promise<TimeEntry> {
  const { row, visible } = await ctx.db.transaction(async (tx) => {
    const visible = await requireVisibleAssignment(tx, assignmentId, actor, { lock: true });
    if ('minutes' in body) {
      const [row] = await tx
        .insert(choreTimeEntries)
        .values({
          assignmentId,
          userId: actor.id,
          endedAt: sql`now()`,
          minutes: body.minutes,
          note: body.note,
        })
        .returning();
      await logged(tx, visible, actor, body.minutes);
      return { row: row!, visible };
    }
    const [row] = await tx
      .insert(choreTimeEntries)
      .values({ assignmentId, userId: actor.id, note: body.note })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError(409, 'timer_running', 'Your timer for this chore is running already');
    return { row, visible };
  });
  await ctx.events.publish(assignmentEvent(visible.assignment, 'updated', actor.id));
  return presentOne(ctx, row);
}

async function lockOwnEntry(tx: Tx, actor: UserRow, id: number, version: number) {
  const [entry] = await tx
    .select()
    .from(choreTimeEntries)
    .where(eq(choreTimeEntries.id, id))
    .for('update');
  if (!entry) throw timeEntryNotFound();
  const visible = await requireVisibleAssignment(tx, entry.assignmentId, actor).catch(() => {
    throw timeEntryNotFound();
  });
  if (entry.userId !== actor.id) throw forbidden('Only who recorded the time may change it');
  if (entry.version !== version) {
    throw new AppError(409, 'conflict', 'The time entry was changed meanwhile; reload it');
  }
  return { entry, visible };
}

/** PATCH /chores/time-entries/{id}: stop the timer, or correct minutes or note. */
export async function updateTimeEntry(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: UpdateBody,
): Promise<TimeEntry> {
  const { row, visible } = await ctx.db.transaction(async (tx) => {
    const { entry, visible } = await lockOwnEntry(tx, actor, id, body.version);
    // Stopping, or saying how long it took, ends a running timer.
    const stopping = (body.stop === true || body.minutes !== undefined) && entry.endedAt === null;
    const endedAt = stopping ? new Date() : entry.endedAt;
    const minutes =
      body.minutes ?? (stopping ? minutesBetween(entry.startedAt, endedAt!) : entry.minutes);
    const [row] = await tx
      .update(choreTimeEntries)
      .set({ endedAt, minutes, note: body.note ?? entry.note, version: entry.version + 1 })
      .where(eq(choreTimeEntries.id, id))
      .returning();
    if (minutes !== null && minutes !== entry.minutes) {
      await logged(tx, visible, actor, minutes - (entry.minutes ?? 0));
    }
    return { row: row!, visible };
  });
  await ctx.events.publish(assignmentEvent(visible.assignment, 'updated', actor.id));
  return presentOne(ctx, row);
}

export async function deleteTimeEntry(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  version: number,
) {
  const visible = await ctx.db.transaction(async (tx) => {
    const { entry, visible } = await lockOwnEntry(tx, actor, id, version);
    await tx.delete(choreTimeEntries).where(eq(choreTimeEntries.id, id));
    if (entry.minutes) await logged(tx, visible, actor, -entry.minutes);
    return visible;
  });
  await ctx.events.publish(assignmentEvent(visible.assignment, 'updated', actor.id));
}
