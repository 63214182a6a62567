import { NOTIFICATION_ITEM_NAMES_MAX, type NotificationKind } from '@household/contracts';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  groupMembers,
  groups,
  notificationSettings,
  notifications,
  users,
  type ListRow,
} from '../../db/schema';
import { wantsKind } from './preferences';
import type { NotificationData } from './render';

/**
 * Set when a notification is written, read after the change commits (the realtime publish that
 * every service makes then): only then is the database asked for notifications to announce. A
 * transaction that rolled back leaves nothing to find, which costs one query.
 */
let written = false;
export function takeWrittenHint(): boolean {
  const was = written;
  written = false;
  return was;
}
export function setWrittenHint(): void {
  written = true;
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
  const rows = await db
    .select({
      id: users.id,
      listUpdates: users.listUpdates,
      groupActivities: users.groupActivities,
      kinds: notificationSettings.kinds,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(inArray(users.id, ids));
  return rows.filter((row) => wantsKind(row, row.kinds, kind)).map((row) => row.id);
}

export async function personName(db: DbOrTx, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  // No address as a stand-in: the texts say "Someone" for a person without a name.
  return row?.name ?? '';
}

export async function groupName(db: DbOrTx, groupId: number | null): Promise<string> {
  if (groupId === null) return '';
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
  return row?.name ?? '';
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
  const data: NotificationData = {
    actor_name: await personName(tx, actorId),
    ...(input.groupId !== null ? { group_name: await groupName(tx, input.groupId) } : {}),
    ...input.data,
  };
  await tx.insert(notifications).values(
    recipients.map((userId) => ({
      userId,
      kind: input.kind,
      groupId: input.groupId,
      data,
      link: input.link,
    })),
  );
  setWrittenHint();
  return recipients.length;
}

/** The members of a group other than `exceptId`. */
export async function otherMembers(
  db: DbOrTx,
  groupId: number,
  exceptId: number | null,
): Promise<number[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        exceptId === null ? undefined : ne(groupMembers.userId, exceptId),
      ),
    );
  return rows.map((row) => row.userId);
}

function mergeNames(previous: string | number | undefined, name: string | null): string {
  const names = typeof previous === 'string' && previous ? previous.split(', ') : [];
  if (name && !names.includes(name) && names.length < NOTIFICATION_ITEM_NAMES_MAX) {
    names.push(name);
  }
  return names.join(', ');
}

/**
 * A change of items on a group list, for the other members: merged into their unread
 * notification about the same list from the last minutes, so that a burst of changes is one
 * notification with the count (and delivered once the list is quiet). The caller holds the
 * list's row lock, which orders concurrent changes of the list.
 */
export async function notifyListChange(
  tx: Tx,
  list: Pick<ListRow, 'id' | 'name' | 'groupId'>,
  actorId: number,
  itemName: string | null,
  count = 1,
): Promise<void> {
  if (list.groupId === null) return;
  const members = await otherMembers(tx, list.groupId, actorId);
  const recipients = await recipientsFor(tx, members, actorId, 'list_changes');
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
  const actorName = await personName(tx, actorId);
  const quiet = sql`now() + make_interval(mins => ${LIST_QUIET_MINUTES})`;
  const merged = new Set<number>();
  for (const row of open) {
    if (merged.has(row.userId)) continue;
    merged.add(row.userId);
    const before = Number(row.data.count ?? 0);
    await tx
      .update(notifications)
      .set({
        data: {
          ...row.data,
          list_name: list.name,
          actor_name: actorName,
          count: before + count,
          item_names: mergeNames(row.data.item_names, itemName),
        },
        updatedAt: sql`now()`,
        announcedAt: null,
        deliverAfter: quiet,
        // A burst still settling is delivered once, with its final count.
        deliveredAt: null,
      })
      .where(eq(notifications.id, row.id));
  }
  const fresh = recipients.filter((userId) => !merged.has(userId));
  if (fresh.length > 0) {
    const groupLabel = await groupName(tx, list.groupId);
    await tx.insert(notifications).values(
      fresh.map((userId) => ({
        userId,
        kind: 'list_changes',
        groupId: list.groupId,
        subject,
        data: {
          actor_name: actorName,
          group_name: groupLabel,
          list_name: list.name,
          count,
          item_names: mergeNames('', itemName),
        },
        link: `/lists/${list.id}`,
        deliverAfter: quiet,
      })),
    );
  }
  setWrittenHint();
}
