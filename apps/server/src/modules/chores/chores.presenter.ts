import type {
  Assignment,
  Chore,
  ChoreHistoryEntry,
  NextReasonView,
  TimeEntry,
} from '@household/contracts';
import { CHORE_HISTORY_ACTIONS } from '@household/contracts';
import { completableFrom, type NextReason } from '@household/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import {
  choreTimeEntries,
  groups,
  type ChoreAssignmentRow,
  type ChoreHistoryRow,
  type ChoreRow,
  type ChoreTimeEntryRow,
  type UserRow,
} from '../../db/schema';
import { People } from '../people/people';
import { pickTurn } from './assignment-strategy';
import { presentingFacts, type CurrentTurn, type StrategyFacts } from './chore-facts';

type UrlConfig = Pick<Config, 'publicApiUrl'>;

const iso = (date: Date) => date.toISOString();

/** Chores as the API gives them, with their people and current assignment, in input order. */
export async function presentChores(
  db: DbOrTx,
  config: UrlConfig,
  viewer: UserRow,
  rows: readonly ChoreRow[],
): Promise<Chore[]> {
  if (rows.length === 0) return [];
  const facts = await presentingFacts(
    db,
    rows,
    new Set(rows.flatMap((row) => [row.createdBy, row.completedBy]).filter((id) => id !== null)),
  );
  const people = People.of(facts.people, config);
  return rows.map((row) => {
    const group = row.groupId === null ? null : facts.groups.get(row.groupId);
    const assignment = facts.current.get(row.id);
    const next = nextOfChore(row, assignment, facts);
    const { frequency } = row;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      type: row.groupId === null ? 'personal' : 'group',
      group_id: row.groupId,
      group_name: group?.name ?? null,
      frequency,
      interval_days: frequency === 'custom' ? row.intervalDays : null,
      due_date: row.dueDate,
      effort: row.effort,
      status: frequency === 'one_time' && row.completedOn !== null ? 'completed' : 'pending',
      completed_on: row.completedOn,
      completed_by: people.refOrNull(row.completedBy),
      time_zone: group?.timeZone ?? viewer.timezone,
      assignment: assignment
        ? {
            id: assignment.id,
            user: people.ref(assignment.userId),
            due_date: assignment.dueDate,
            completed_on: assignment.completedOn,
            version: assignment.version,
          }
        : null,
      assignment_strategy: row.assignmentStrategy,
      rotation_order: row.rotationOrder,
      assignee_id: row.assigneeId,
      fair_window: row.fairWindow,
      due_rule: row.dueRule,
      completion_window_days: row.completionWindowDays,
      completable_from: completableFrom(row.dueDate, row.completionWindowDays),
      skip_policy: row.skipPolicy,
      next_assignee: people.refOrNull(next?.userId ?? null),
      next_reason: next ? reasonView(next.reason, people) : null,
      created_by: people.refOrNull(row.createdBy),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      version: row.version,
    };
  });
}

/**
 * Who has the turn on the chore's due date and why: its assignee (with the strategy's reason when
 * the strategy would have picked them too), or whom the strategy would pick. Group chores only.
 */
function nextOfChore(
  row: ChoreRow,
  assignment: CurrentTurn | undefined,
  facts: StrategyFacts,
): { userId: number | null; reason: ReasonOrAssigned } | null {
  if (row.groupId === null) return null;
  if (row.frequency === 'one_time' && row.completedOn !== null) return null;
  const pick = pickTurn(row, facts, row.dueDate);
  if (!assignment) return pick;
  if (pick?.userId === assignment.userId) return pick;
  return { userId: assignment.userId, reason: { kind: 'assigned', skipped: [] } };
}

type ReasonOrAssigned = NextReason | { kind: 'assigned'; skipped: number[] };

function reasonView(reason: ReasonOrAssigned, people: People): NextReasonView {
  const skipped = reason.skipped.map((id) => people.ref(id));
  switch (reason.kind) {
    case 'next_in_order':
      return { kind: reason.kind, after: people.refOrNull(reason.after), skipped };
    case 'fewest_done':
      return { kind: reason.kind, count: reason.count, skipped };
    case 'least_effort':
      return { kind: reason.kind, effort: reason.effort, skipped };
    case 'random_fair':
      return { kind: reason.kind, window: reason.window, skipped };
    default:
      return { kind: reason.kind, skipped };
  }
}

/** The names and time zones of these groups, by id. */
async function groupFacts(db: DbOrTx, ids: Iterable<number | null>) {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ id: groups.id, name: groups.name, timeZone: groups.timeZone })
          .from(groups)
          .where(inArray(groups.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface AssignmentWithChore {
  assignment: ChoreAssignmentRow;
  chore: Pick<ChoreRow, 'name' | 'effort' | 'frequency'>;
}

/** Assignments with their chore, people, group and the time spent on them, in input order. */
export async function presentAssignments(
  db: DbOrTx,
  config: UrlConfig,
  rows: readonly AssignmentWithChore[],
): Promise<Assignment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.assignment.id);
  const time = await db
    .select({
      assignmentId: choreTimeEntries.assignmentId,
      minutes: sql<number>`coalesce(sum(${choreTimeEntries.minutes}), 0)::int`,
      running: sql<boolean>`bool_or(${choreTimeEntries.endedAt} is null)`,
    })
    .from(choreTimeEntries)
    .where(inArray(choreTimeEntries.assignmentId, ids))
    .groupBy(choreTimeEntries.assignmentId);
  const timeOf = new Map(time.map((row) => [row.assignmentId, row]));
  const facts = await groupFacts(
    db,
    rows.map((row) => row.assignment.groupId),
  );
  const people = await People.load(
    db,
    config,
    rows
      .flatMap((row) => [row.assignment.userId, row.assignment.completedBy])
      .filter((id): id is number => id !== null),
  );
  return rows.map(({ assignment, chore }) => ({
    id: assignment.id,
    chore_id: assignment.choreId,
    chore_name: chore.name,
    chore_effort: chore.effort,
    chore_frequency: chore.frequency,
    group_id: assignment.groupId,
    group_name: assignment.groupId === null ? null : (facts.get(assignment.groupId)?.name ?? null),
    user: people.ref(assignment.userId),
    due_date: assignment.dueDate,
    completed_on: assignment.completedOn,
    completed_by: people.refOrNull(assignment.completedBy),
    minutes_spent: timeOf.get(assignment.id)?.minutes ?? 0,
    timer_running: timeOf.get(assignment.id)?.running ?? false,
    created_at: iso(assignment.createdAt),
    version: assignment.version,
  }));
}

export async function presentTimeEntries(
  db: DbOrTx,
  config: UrlConfig,
  rows: readonly ChoreTimeEntryRow[],
): Promise<TimeEntry[]> {
  const people = await People.load(
    db,
    config,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    id: row.id,
    assignment_id: row.assignmentId,
    user: people.ref(row.userId),
    started_at: iso(row.startedAt),
    ended_at: row.endedAt === null ? null : iso(row.endedAt),
    minutes: row.minutes,
    note: row.note,
    version: row.version,
  }));
}

export async function presentHistory(
  db: DbOrTx,
  config: UrlConfig,
  rows: readonly ChoreHistoryRow[],
): Promise<ChoreHistoryEntry[]> {
  const people = await People.load(
    db,
    config,
    rows
      .flatMap((row) => [row.actorId, row.subjectUserId, forUserOf(row)])
      .filter((id): id is number => id !== null),
  );
  return rows
    .filter((row) => (CHORE_HISTORY_ACTIONS as readonly string[]).includes(row.action))
    .map((row) => ({
      id: row.id,
      chore_id: row.choreId,
      chore_name: row.choreName,
      action: row.action as ChoreHistoryEntry['action'],
      actor: people.refOrNull(row.actorId),
      subject: people.refOrNull(row.subjectUserId),
      details: withForUser(row, people),
      created_at: iso(row.createdAt),
    }));
}

/** Whom a swapped turn was done for (docs/chores.md "Swaps"), kept in the entry's details. */
function forUserOf(row: ChoreHistoryRow): number | null {
  const id = row.details.for_user_id;
  return typeof id === 'number' ? id : null;
}

/** The details, with the person a swapped turn was done for as `for_user`. */
function withForUser(row: ChoreHistoryRow, people: People): Record<string, unknown> {
  const id = forUserOf(row);
  return id === null ? row.details : { ...row.details, for_user: people.ref(id) };
}
