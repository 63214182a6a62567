import type { ScheduleResult, ZGenerateScheduleBody } from '@household/contracts';
import {
  addCalendarDays,
  occurrencesBetween,
  planStrategySchedule,
  todayIn,
  type ScheduleOccurrence,
} from '@household/domain';
import { and, eq, gte, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  choreAssignments,
  chores,
  groupMembers,
  type ChoreRow,
  type UserRow,
} from '../../db/schema';
import { validationFailed } from '../../http/problem';
import { requireMembership } from '../groups/membership';
import { People } from '../people/people';
import { storedAwayPeriods } from './away-periods';
import { assignmentEvent, recordChoreChange } from './chore-changes';
import { strategyFacts } from './chore-facts';
import { priorEffort } from './chore-reads';
import { recurrenceOf } from './complete-chore';
import { notifyScheduled } from '../notifications/fan-out';

type Body = z.output<typeof ZGenerateScheduleBody>;

async function assertMembers(db: DbOrTx, groupId: number, ids: readonly number[]) {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...ids])));
  const members = new Set(rows.map((row) => row.userId));
  const strangers = ids.flatMap((id, index) => (members.has(id) ? [] : [index]));
  if (strangers.length > 0) {
    throw validationFailed(
      strangers.map((index) => ({
        path: `member_ids.${index}`,
        code: 'not_a_member',
        message: 'Only members of the group can be given chores',
      })),
    );
  }
}

/** The group's recurring chores the schedule covers: all of them, or the ones named. */
async function scheduledChores(
  db: DbOrTx,
  groupId: number,
  choreIds: readonly number[] | undefined,
) {
  const rows = await db
    .select()
    .from(chores)
    .where(and(eq(chores.groupId, groupId), ne(chores.frequency, 'one_time')));
  if (choreIds === undefined) return rows;
  const known = new Map(rows.map((row) => [row.id, row]));
  const unknown = choreIds.flatMap((id, index) => (known.has(id) ? [] : [index]));
  if (unknown.length > 0) {
    throw validationFailed(
      unknown.map((index) => ({
        path: `chore_ids.${index}`,
        code: 'invalid_reference',
        message: 'Not a recurring chore of this group',
      })),
    );
  }
  return [...new Set(choreIds)].map((id) => known.get(id)!);
}

/**
 * Plans (and unless previewing, saves) who does each occurrence of the group's recurring chores
 * over the period (docs/chores.md "Generating a schedule"). Occurrences already done keep their
 * assignee; open assignments in the period are replaced by the plan, so running it twice with the
 * same choices gives the same schedule.
 */
export async function generateSchedule(
  ctx: AppContext,
  actor: UserRow,
  groupId: number,
  body: Body,
): Promise<ScheduleResult> {
  const plan = async (db: DbOrTx, save: boolean) => {
    const { group } = await requireMembership(db, groupId, actor.id, { lock: save });
    const memberIds = [...new Set(body.member_ids)];
    await assertMembers(db, groupId, memberIds);
    const start = body.start_date ?? todayIn(group.timeZone);
    const end = addCalendarDays(start, body.weeks * 7 - 1);
    const covered = await scheduledChores(db, groupId, body.chore_ids);
    const done = await doneOccurrences(db, covered, start, end);
    const occurrences: ScheduleOccurrence[] = covered.flatMap((chore) =>
      occurrencesBetween(recurrenceOf(chore), { dueDate: chore.dueDate, from: start, to: end })
        .filter((date) => !done.has(`${chore.id}/${date}`))
        .map((date) => ({ choreId: chore.id, date, effort: chore.effort })),
    );
    const prior = await priorEffort(db, groupId);
    const facts = await strategyFacts(db, covered, () => start);
    // The stored away periods count as if they had been sent with the request.
    const stored = await storedAwayPeriods(db, [groupId], start);
    const result = planStrategySchedule({
      occurrences,
      members: memberIds.map((userId) => ({ userId, priorEffort: prior.get(userId) ?? 0 })),
      chores: covered.map((chore) => ({
        choreId: chore.id,
        strategy: chore.assignmentStrategy,
        rotationOrder: chore.rotationOrder,
        assigneeId: chore.assigneeId,
        fairWindow: chore.fairWindow,
        turns: facts.turns.get(chore.id)?.latest ?? [],
        earlierTurns: facts.turns.get(chore.id)?.earlier ?? 0,
        doneCounts: new Map(
          memberIds.map((userId) => [userId, facts.done.get(`${chore.id}/${userId}`) ?? 0]),
        ),
      })),
      away: [
        ...stored.map((period) => ({ userId: period.userId, from: period.from, to: period.to })),
        ...body.away.map((period) => ({
          userId: period.user_id,
          from: period.from,
          to: period.to,
        })),
      ],
    });
    return { start, end, covered, result };
  };

  let firstId: number | null = null;
  const { start, end, covered, result } = body.preview
    ? await plan(ctx.db, false)
    : await ctx.db.transaction(async (tx) => {
        const planned = await plan(tx, true);
        const choreIds = planned.covered.map((chore) => chore.id);
        if (choreIds.length > 0) {
          await tx
            .delete(choreAssignments)
            .where(
              and(
                inArray(choreAssignments.choreId, choreIds),
                isNull(choreAssignments.completedOn),
                gte(choreAssignments.dueDate, planned.start),
                lte(choreAssignments.dueDate, planned.end),
              ),
            );
        }
        const rows = planned.result.assignments.flatMap((assignment) =>
          assignment.userId === null
            ? []
            : [
                {
                  choreId: assignment.choreId,
                  groupId,
                  userId: assignment.userId,
                  dueDate: assignment.date,
                  createdBy: actor.id,
                },
              ],
        );
        if (rows.length > 0) {
          const inserted = await tx
            .insert(choreAssignments)
            .values(rows)
            .returning({ id: choreAssignments.id });
          firstId = inserted[0]!.id;
          await notifyScheduled(tx, {
            groupId,
            actorId: actor.id,
            rows,
            chores: planned.covered,
          });
        }
        await recordChoreChange(
          tx,
          null,
          { groupId, ownerId: null },
          {
            action: 'schedule_generated',
            actorId: actor.id,
            details: { start_date: planned.start, end_date: planned.end, assignments: rows.length },
          },
        );
        return planned;
      });
  if (firstId !== null) {
    await ctx.events.publish(
      assignmentEvent({ id: firstId, groupId, userId: actor.id, version: 1 }, 'created', actor.id),
    );
  }
  const names = new Map(covered.map((chore) => [chore.id, chore.name]));
  const people = await People.load(
    ctx.db,
    ctx.config,
    result.loads.map((load) => load.userId),
  );
  return {
    start_date: start,
    end_date: end,
    saved: !body.preview,
    assignments: result.assignments.map((assignment) => ({
      chore_id: assignment.choreId,
      chore_name: names.get(assignment.choreId) ?? '',
      due_date: assignment.date,
      effort: assignment.effort,
      user_id: assignment.userId,
      open: assignment.open,
    })),
    loads: result.loads.map((load) => ({
      user: people.ref(load.userId),
      prior_effort: load.priorEffort,
      planned_effort: load.plannedEffort,
      planned_count: load.plannedCount,
    })),
  };
}

/** `choreId/date` of the occurrences in the period someone has already done. */
async function doneOccurrences(db: DbOrTx, covered: readonly ChoreRow[], from: string, to: string) {
  if (covered.length === 0) return new Set<string>();
  const rows = await db
    .select({ choreId: choreAssignments.choreId, dueDate: choreAssignments.dueDate })
    .from(choreAssignments)
    .where(
      and(
        inArray(
          choreAssignments.choreId,
          covered.map((chore) => chore.id),
        ),
        isNotNull(choreAssignments.completedOn),
        gte(choreAssignments.dueDate, from),
        lte(choreAssignments.dueDate, to),
      ),
    );
  return new Set(rows.map((row) => `${row.choreId}/${row.dueDate}`));
}
