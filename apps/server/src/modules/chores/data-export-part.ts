import type { DataExport } from '@household/contracts';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { choreAssignments, choreHistory, chores, choreTimeEntries } from '../../db/schema';
import { activityEntry, involving, within, type ExportScope } from '../../lib/data-export';

/**
 * The user's personal chores and their groups' chores; of those, the assignments the user holds
 * or completed, and the user's own time entries.
 */
export async function exportChores({
  tx,
  userId,
  groupIds,
}: ExportScope): Promise<Pick<DataExport, 'chores' | 'assignments' | 'time_entries'>> {
  const choreRows = await tx
    .select()
    .from(chores)
    .where(
      or(and(isNull(chores.groupId), eq(chores.ownerId, userId)), within(chores.groupId, groupIds)),
    )
    .orderBy(asc(chores.id));
  const choreIds = choreRows.map((chore) => chore.id);
  const assignmentRows = await tx
    .select()
    .from(choreAssignments)
    .where(
      and(
        within(choreAssignments.choreId, choreIds),
        or(eq(choreAssignments.userId, userId), eq(choreAssignments.completedBy, userId)),
      ),
    )
    .orderBy(asc(choreAssignments.dueDate), asc(choreAssignments.id));
  const timeEntryRows = await tx
    .select({ entry: choreTimeEntries })
    .from(choreTimeEntries)
    .innerJoin(choreAssignments, eq(choreAssignments.id, choreTimeEntries.assignmentId))
    .where(and(eq(choreTimeEntries.userId, userId), within(choreAssignments.choreId, choreIds)))
    .orderBy(asc(choreTimeEntries.id));
  return {
    chores: choreRows.map((chore) => ({
      id: chore.id,
      group_id: chore.groupId,
      owner_id: chore.ownerId,
      name: chore.name,
      description: chore.description,
      frequency: chore.frequency,
      interval_days: chore.intervalDays,
      due_date: chore.dueDate,
      effort: chore.effort,
      completed_on: chore.completedOn,
      completed_by: chore.completedBy,
      created_by: chore.createdBy,
      created_at: chore.createdAt.toISOString(),
    })),
    assignments: assignmentRows.map((row) => ({
      id: row.id,
      chore_id: row.choreId,
      group_id: row.groupId,
      user_id: row.userId,
      due_date: row.dueDate,
      completed_on: row.completedOn,
      completed_by: row.completedBy,
      created_at: row.createdAt.toISOString(),
    })),
    time_entries: timeEntryRows.map(({ entry }) => ({
      id: entry.id,
      assignment_id: entry.assignmentId,
      started_at: entry.startedAt.toISOString(),
      ended_at: entry.endedAt?.toISOString() ?? null,
      minutes: entry.minutes,
      note: entry.note,
    })),
  };
}

/** The history of the user's own chores, and of their groups' chores they did or were given. */
export async function exportChoreHistory({
  tx,
  userId,
  groupIds,
}: ExportScope): Promise<DataExport['activity']> {
  const rows = await tx
    .select()
    .from(choreHistory)
    .where(
      or(
        eq(choreHistory.ownerId, userId),
        and(
          within(choreHistory.groupId, groupIds),
          involving(userId, choreHistory.actorId, choreHistory.subjectUserId),
        ),
      ),
    )
    .orderBy(asc(choreHistory.id));
  return rows.map((row) =>
    activityEntry(row, {
      source: 'chore',
      action: row.action,
      chore_id: row.choreId,
      chore_name: row.choreName,
    }),
  );
}
