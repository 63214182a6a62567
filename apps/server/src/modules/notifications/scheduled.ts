import type { NotificationKind } from '@household/contracts';
import { and, between, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  choreAssignments,
  chores,
  groups,
  notificationRuns,
  notificationSettings,
  notifications,
  users,
} from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import type { ScheduledJob } from '../../lib/scheduler';
import { mailError, recordDigest } from './channels';
import { notificationMail, type DeliveryDeps } from './delivery';
import { DEFAULT_EMAIL_DIGEST, wantsEmail, wantsKind } from './preferences';
import { findRecipients } from './recipients';
import { noteRecorded } from './record';

/** An overdue chore is recalled each day for this long, then left alone. */
export const OVERDUE_REMINDER_DAYS = 14;
/** What the daily digest gathers: unread, unmailed notifications of the last day. */
const DIGEST_WINDOW = sql`now() - interval '1 day'`;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      format = formatterFor('UTC');
    }
    formatters.set(timeZone, format);
  }
  return format;
}

/** The calendar day and "HH:MM" at `now` in a time zone (UTC for one the runtime does not know). */
export function localClock(now: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

function utcDay(now: Date, offsetDays: number): string {
  return new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

const personColumns = {
  timezone: users.timezone,
  listUpdates: users.listUpdates,
  groupActivities: users.groupActivities,
  zone: notificationSettings.timeZone,
  reminderTime: notificationSettings.reminderTime,
  kinds: notificationSettings.kinds,
};

interface Candidate {
  choreId: number;
  userId: number;
  dueDate: string;
  name: string;
  groupId: number | null;
  timezone: string;
  listUpdates: boolean;
  groupActivities: boolean;
  zone: string | null;
  reminderTime: string | null;
  kinds: Record<string, boolean> | null;
}

/**
 * Chore reminders: once the person's reminder time has come in their time zone, `chore_due` for
 * each open chore of theirs due that day and `chore_overdue` for each one past due, once per chore
 * and day (`notification_runs`). Theirs: assigned to them, or their personal chore.
 */
export async function recordChoreReminders(tx: Tx, now: Date): Promise<number> {
  // Every zone's "today" lies within a day of UTC's.
  const assigned: Candidate[] = await tx
    .select({
      choreId: choreAssignments.choreId,
      userId: choreAssignments.userId,
      dueDate: choreAssignments.dueDate,
      name: chores.name,
      groupId: chores.groupId,
      ...personColumns,
    })
    .from(choreAssignments)
    .innerJoin(chores, eq(chores.id, choreAssignments.choreId))
    .innerJoin(users, eq(users.id, choreAssignments.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, choreAssignments.userId))
    .where(
      and(
        isNull(choreAssignments.completedOn),
        between(choreAssignments.dueDate, utcDay(now, -OVERDUE_REMINDER_DAYS - 1), utcDay(now, 1)),
      ),
    );
  const personal: Candidate[] = await tx
    .select({
      choreId: chores.id,
      userId: sql<number>`${chores.ownerId}`,
      dueDate: chores.dueDate,
      name: chores.name,
      groupId: chores.groupId,
      ...personColumns,
    })
    .from(chores)
    .innerJoin(users, eq(users.id, chores.ownerId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, chores.ownerId))
    .where(
      and(
        isNotNull(chores.ownerId),
        or(ne(chores.frequency, 'one_time'), isNull(chores.completedOn)),
        between(chores.dueDate, utcDay(now, -OVERDUE_REMINDER_DAYS - 1), utcDay(now, 1)),
      ),
    );

  const due: (Candidate & { kind: NotificationKind; day: string })[] = [];
  const seen = new Set<string>();
  for (const candidate of [...assigned, ...personal]) {
    const local = localClock(now, candidate.zone ?? candidate.timezone);
    if (local.time < (candidate.reminderTime ?? '08:00')) continue;
    if (candidate.dueDate > local.day) continue;
    const kind: NotificationKind = candidate.dueDate === local.day ? 'chore_due' : 'chore_overdue';
    if (!wantsKind(candidate, candidate.kinds, kind)) continue;
    const key = `${candidate.userId}:${candidate.choreId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    due.push({ ...candidate, kind, day: local.day });
  }
  if (due.length === 0) return 0;

  const claimed = await tx
    .insert(notificationRuns)
    .values(
      due.map((entry) => ({
        userId: entry.userId,
        kind: entry.kind,
        subject: `chore:${entry.choreId}`,
        day: entry.day,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: notificationRuns.userId, subject: notificationRuns.subject });
  if (claimed.length === 0) return 0;
  const fresh = new Set(claimed.map((row) => `${row.userId}:${row.subject}`));
  const toRecord = due.filter((entry) => fresh.has(`${entry.userId}:chore:${entry.choreId}`));
  const groupIds = [...new Set(toRecord.flatMap((entry) => entry.groupId ?? []))];
  const groupNames = new Map(
    groupIds.length === 0
      ? []
      : (
          await tx
            .select({ id: groups.id, name: groups.name })
            .from(groups)
            .where(inArray(groups.id, groupIds))
        ).map((row) => [row.id, row.name]),
  );
  await tx.insert(notifications).values(
    toRecord.map((entry) => ({
      userId: entry.userId,
      kind: entry.kind,
      groupId: entry.groupId,
      data: {
        chore_name: entry.name,
        due_date: entry.dueDate,
        ...(entry.groupId !== null ? { group_name: groupNames.get(entry.groupId) ?? '' } : {}),
      },
      link: entry.groupId !== null ? `/groups/${entry.groupId}/chores` : '/chores',
    })),
  );
  noteRecorded({ dueNow: true });
  return toRecord.length;
}

/** A digest goes out in the hour from the reminder time (a process down then catches up). */
export const DIGEST_WINDOW_MINUTES = 60;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Not any time after it: a first notification at 15:00 must not bring "today's" digest at
 * 15:00 and then nothing until the next morning.
 */
export function withinDigestWindow(localTime: string, reminderTime: string): boolean {
  const since = minutesOf(localTime) - minutesOf(reminderTime);
  return since >= 0 && since < DIGEST_WINDOW_MINUTES;
}

/**
 * The daily digest: at the person's reminder time (within the hour), one mail with their unread notifications of
 * the last day that no mail has carried yet. The run row and the `emailed_at` marks commit
 * before the mail is sent, so a digest is sent at most once.
 */
export async function collectDigests(
  deps: DeliveryDeps,
  tx: Tx,
  now: Date,
): Promise<{ userId: number; mail: Mail }[]> {
  const pending = tx
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        isNull(notifications.emailedAt),
        isNull(notifications.readAt),
        gt(notifications.createdAt, DIGEST_WINDOW),
      ),
    );
  const people = await findRecipients(
    tx,
    and(inArray(users.id, pending), eq(users.emailNotifications, true)),
  );
  const mails: { userId: number; mail: Mail }[] = [];
  for (const person of people) {
    if ((person.emailDigest ?? DEFAULT_EMAIL_DIGEST) !== 'daily' || !wantsEmail(person)) continue;
    const local = localClock(now, person.zone ?? person.timezone);
    if (!withinDigestWindow(local.time, person.reminderTime ?? '08:00')) continue;
    const [run] = await tx
      .insert(notificationRuns)
      .values({ userId: person.id, kind: 'digest', subject: '-', day: local.day })
      .onConflictDoNothing()
      .returning({ userId: notificationRuns.userId });
    if (!run) continue;
    const rows = await tx
      .update(notifications)
      .set({ emailedAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, person.id),
          isNull(notifications.emailedAt),
          isNull(notifications.readAt),
          gt(notifications.createdAt, DIGEST_WINDOW),
        ),
      )
      .returning();
    if (rows.length === 0) continue;
    rows.sort((a, b) => a.id - b.id);
    mails.push({ userId: person.id, mail: notificationMail(deps, person, rows) });
  }
  return mails;
}

/** Read notifications go after 30 days, all after 90; run records once their day is long past. */
export async function pruneNotifications(tx: Tx): Promise<void> {
  await tx
    .delete(notifications)
    .where(
      or(
        and(
          isNotNull(notifications.readAt),
          lt(notifications.createdAt, sql`now() - interval '30 days'`),
        ),
        lt(notifications.createdAt, sql`now() - interval '90 days'`),
      ),
    );
  await tx
    .delete(notificationRuns)
    .where(lt(notificationRuns.createdAt, sql`now() - interval '3 days'`));
}

/** Advisory lock keys of the scheduled jobs: unique in the app (the migration lock is another). */
export const JOB_LOCKS = {
  reminders: 7_305_214_101,
  digests: 7_305_214_102,
  pruneNotifications: 7_305_214_103,
  housekeeping: 7_305_214_104,
  recurringBills: 7_305_214_105,
} as const;

export function notificationJobs(deps: DeliveryDeps, log: DeliveryDeps['log']): ScheduledJob[] {
  return [
    {
      name: 'chore reminders',
      lockKey: JOB_LOCKS.reminders,
      everyMs: 0,
      run: async (tx, now) => {
        await recordChoreReminders(tx, now);
      },
    },
    {
      name: 'daily digests',
      lockKey: JOB_LOCKS.digests,
      everyMs: 0,
      run: async (tx, now) => {
        const mails = await collectDigests(deps, tx, now);
        if (mails.length === 0) return;
        return async () => {
          for (const { userId, mail } of mails) {
            try {
              await deps.mailer.send(mail);
              await recordDigest(deps, userId, { ok: true }, now);
            } catch (error) {
              log.warn({ err: error }, 'digest mail failed');
              await recordDigest(deps, userId, { ok: false, error: mailError(error) }, now);
            }
          }
        };
      },
    },
    {
      name: 'notification pruning',
      lockKey: JOB_LOCKS.pruneNotifications,
      everyMs: 60 * 60 * 1000,
      run: async (tx) => {
        await pruneNotifications(tx);
      },
    },
  ];
}
