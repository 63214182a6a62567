import { NOTIFICATION_ITEM_NAMES_MAX, type NotificationKind } from '@household/contracts';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { groupMembers, groups, notifications, users, type ListRow } from '../../db/schema';
import { wantsKind } from './preferences';
import { findRecipients } from './recipients';
import type { NotificationData } from './render';

/**
 * When this process last recorded a new notification, and one to deliver at once. A publish after
 * a commit asks the database for work only within a while of such a write (notifier.ts `flush`):
 * a transaction that rolled back costs a query, and a change committed just after another
 * request's publish (which looked before that commit) still finds its notification with its own
 * publish, not at the next minute's tick. A merge into an unread notification records neither:
 * the bell's count stays, and a burst is delivered by the tick once the list is quiet.
 */
const lastRecorded = { fresh: Number.NEGATIVE_INFINITY, dueNow: Number.NEGATIVE_INFINITY };
/** Longer than a change's transaction takes; a longer one is left to the minute tick. */
const RECENT_MS = 10_000;

export function noteRecorded(options: { dueNow: boolean }): void {
  const now = performance.now();
  lastRecorded.fresh = now;
  if (options.dueNow) lastRecorded.dueNow = now;
}

/** What a publish now should look for: notifications to announce, and to deliver. */
export function recentlyRecorded(now = performance.now()): { announce: boolean; deliver: boolean } {
  return {
    announce: now - lastRecorded.fresh < RECENT_MS,
    deliver: now - lastRecorded.dueNow < RECENT_MS,
  };
}

/** A list's burst of changes merges into one notification for this long. */
export const LIST_BURST_MINUTES = 10;
/** Push and mail of a list burst wait until the list has been quiet this long. */
export const LIST_QUIET_MINUTES = 2;

export interface NotificationInput {
  kind: NotificationKind;
  groupId: number | null;
  data: NotificationData;
  link: string;
}

/** Who of `userIds` wants `kind` (their own and spec §3 switches); the actor is never told. */
async function recipientsFor(
  db: DbOrTx,
  userIds: readonly number[],
  actorId: number | null,
  kind: NotificationKind,
): Promise<number[]> {
  const ids = [...new Set(userIds)].filter((id) => id !== actorId);
  if (ids.length === 0) return [];
  const rows = await findRecipients(db, inArray(users.id, ids));
  return rows.filter((row) => wantsKind(row, row.kinds, kind)).map((row) => row.id);
}

/** The members of a group but the actor who want `kind`, in one query. */
async function groupRecipients(
  db: DbOrTx,
  groupId: number,
  actorId: number,
  kind: NotificationKind,
): Promise<number[]> {
  const members = db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), ne(groupMembers.userId, actorId)));
  const rows = await findRecipients(db, inArray(users.id, members));
  return rows.filter((row) => wantsKind(row, row.kinds, kind)).map((row) => row.id);
}

export async function personName(db: DbOrTx, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  // No address as a stand-in: the texts say "Someone" for a person without a name.
  return row?.name ?? '';
}

/** The actor's and the group's names a notification shows, in one query. */
async function namesFor(
  db: DbOrTx,
  actorId: number | null,
  groupId: number,
): Promise<{ actor: string; group: string }> {
  const [row] = await db
    .select({ group: groups.name, actor: users.name })
    .from(groups)
    // No actor (a scheduled notification): a join that matches no one.
    .leftJoin(users, eq(users.id, actorId ?? 0))
    .where(eq(groups.id, groupId));
  return { actor: row?.actor ?? '', group: row?.group ?? '' };
}

/**
 * Records one notification for each of `userIds` that wants it, in the change's transaction (so
 * that a notification exists exactly when its change does). Delivery follows after commit.
 */
export async function notify(
  tx: Tx,
  userIds: readonly number[],
  actorId: number | null,
  input: NotificationInput,
): Promise<number> {
  const recipients = await recipientsFor(tx, userIds, actorId, input.kind);
  if (recipients.length === 0) return 0;
  let data: NotificationData;
  if (input.groupId === null) {
    data = { actor_name: await personName(tx, actorId), ...input.data };
  } else {
    const names = await namesFor(tx, actorId, input.groupId);
    data = { actor_name: names.actor, group_name: names.group, ...input.data };
  }
  await tx.insert(notifications).values(
    recipients.map((userId) => ({
      userId,
      kind: input.kind,
      groupId: input.groupId,
      data,
      link: input.link,
    })),
  );
  noteRecorded({ dueNow: true });
  return recipients.length;
}

function mergeNames(previous: string | number | undefined, name: string | null): string {
  const names = typeof previous === 'string' && previous ? previous.split(', ') : [];
  if (name && !names.includes(name) && names.length < NOTIFICATION_ITEM_NAMES_MAX) {
    names.push(name);
  }
  return names.join(', ');
}

export interface ListChangeOptions {
  list: Pick<ListRow, 'id' | 'name' | 'groupId'>;
  actorId: number;
  /** The changed item's name, listed in the notification; null when there is none to name. */
  itemName: string | null;
  /** How many items changed. */
  count?: number;
}

/**
 * A change of items on a group list, for the other members: merged into their unread
 * notification about the same list from the last minutes, so that a burst of changes is one
 * notification with the count (and delivered once the list is quiet). The caller holds the
 * list's row lock, which orders concurrent changes of the list.
 */
export async function notifyListChange(
  tx: Tx,
  { list, actorId, itemName, count = 1 }: ListChangeOptions,
): Promise<void> {
  if (list.groupId === null) return;
  const recipients = await groupRecipients(tx, list.groupId, actorId, 'list_changes');
  if (recipients.length === 0) return;
  const subject = `list:${list.id}`;
  const open = await tx
    .select({ id: notifications.id, userId: notifications.userId, data: notifications.data })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, recipients),
        eq(notifications.subject, subject),
        isNull(notifications.readAt),
        gt(notifications.createdAt, sql`now() - make_interval(mins => ${LIST_BURST_MINUTES})`),
      ),
    )
    .for('update');
  const names = await namesFor(tx, actorId, list.groupId);
  const quiet = sql`now() + make_interval(mins => ${LIST_QUIET_MINUTES})`;

  // The recipients' open notifications of one burst hold the same data as a rule: each distinct
  // result is one UPDATE, not one per recipient.
  const merged = new Set<number>();
  const updates = new Map<string, { data: NotificationData; ids: number[] }>();
  for (const row of open) {
    if (merged.has(row.userId)) continue;
    merged.add(row.userId);
    const data: NotificationData = {
      ...row.data,
      list_name: list.name,
      actor_name: names.actor,
      count: Number(row.data.count ?? 0) + count,
      item_names: mergeNames(row.data.item_names, itemName),
    };
    const key = JSON.stringify(data);
    const update = updates.get(key);
    if (update) update.ids.push(row.id);
    else updates.set(key, { data, ids: [row.id] });
  }
  for (const { data, ids } of updates.values()) {
    await tx
      .update(notifications)
      .set({
        data,
        updatedAt: sql`now()`,
        deliverAfter: quiet,
        // A burst still settling is delivered once, with its final count.
        deliveredAt: null,
      })
      .where(inArray(notifications.id, ids));
  }

  const fresh = recipients.filter((userId) => !merged.has(userId));
  if (fresh.length > 0) {
    await tx.insert(notifications).values(
      fresh.map((userId) => ({
        userId,
        kind: 'list_changes',
        groupId: list.groupId,
        subject,
        data: {
          actor_name: names.actor,
          group_name: names.group,
          list_name: list.name,
          count,
          item_names: mergeNames('', itemName),
        },
        link: `/lists/${list.id}`,
        deliverAfter: quiet,
      })),
    );
    // Announced now; delivered by the tick once the list is quiet.
    noteRecorded({ dueNow: false });
  }
}
