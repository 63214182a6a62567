import type {
  Notification,
  NotificationKind,
  NotificationPage,
  PushDevice,
  ZPushSubscriptionBody,
} from '@household/contracts';
import { and, count, desc, eq, getTableColumns, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import {
  notifications,
  pushSubscriptions,
  users,
  type NotificationRow,
  type UserRow,
} from '../../db/schema';
import { notFound, validationFailed } from '../../http/problem';
import { verifyUnsubscribeToken } from './unsubscribe';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    group_id: row.groupId,
    data: row.data,
    link: row.link,
    // A merged burst of list changes is as new as its latest change.
    created_at: row.updatedAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

export async function listNotifications(
  ctx: AppContext,
  actor: UserRow,
  page: { limit: number; before?: number | undefined },
): Promise<NotificationPage> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, actor.id),
        page.before ? lt(notifications.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(page.limit + 1);
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
  const hasMore = rows.length > page.limit;
  const items = rows.slice(0, page.limit).map(presentNotification);
  return {
    items,
    unread_count: unread?.n ?? 0,
    next_before: hasMore ? items.at(-1)!.id : null,
  };
}

export async function markRead(ctx: AppContext, actor: UserRow, id: number): Promise<void> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ id: notifications.id });
  if (!row) throw notFound('No such notification');
}

export async function markAllRead(ctx: AppContext, actor: UserRow): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Push services are https; http is accepted only for a loopback endpoint and only when the
 * configuration allows it (tests run a local push service).
 */
function assertPushEndpoint(ctx: AppContext, endpoint: string): void {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return;
  if (ctx.config.push.allowLocalHttp && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) {
    return;
  }
  throw validationFailed(
    [{ path: 'endpoint', code: 'invalid', message: 'Endpoint must be an https URL' }],
    'Endpoint must be an https URL',
  );
}

function presentDevice(
  row: typeof pushSubscriptions.$inferSelect,
  currentEndpoint?: string,
): PushDevice {
  return {
    id: row.id,
    label: row.label,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    current: currentEndpoint !== undefined && row.endpoint === currentEndpoint,
  };
}

export async function listDevices(
  ctx: AppContext,
  actor: UserRow,
  currentEndpoint?: string,
): Promise<PushDevice[]> {
  const rows = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.id))
    .orderBy(pushSubscriptions.id);
  return rows.map((row) => presentDevice(row, currentEndpoint));
}

/** A subscription per browser; the same endpoint again (a renewed key, another account) updates it. */
export async function subscribe(
  ctx: AppContext,
  actor: UserRow,
  body: z.output<typeof ZPushSubscriptionBody>,
): Promise<{ device: PushDevice; created: boolean }> {
  assertPushEndpoint(ctx, body.endpoint);
  const label = body.label ?? '';
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values({
      userId: actor.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      label,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: actor.id,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        ...(body.label !== undefined ? { label } : {}),
      },
    })
    // xmax is 0 for a row this statement inserted, not for one it updated.
    .returning({ ...getTableColumns(pushSubscriptions), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...device } = row!;
  return { device: presentDevice(device, body.endpoint), created: inserted };
}

export async function unsubscribeDevice(ctx: AppContext, actor: UserRow, id: number) {
  const [row] = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (!row) throw notFound('No such device');
}

/** The mail's unsubscribe link: email off for the user the token names, without signing in. */
const invalidUnsubscribeLink = () =>
  validationFailed(
    [{ path: 'token', code: 'invalid', message: 'This unsubscribe link is not valid' }],
    'This unsubscribe link is not valid',
  );

export async function unsubscribeByToken(ctx: AppContext, token: string | undefined) {
  const userId = token ? verifyUnsubscribeToken(ctx.jwtKey, token) : null;
  if (userId === null) throw invalidUnsubscribeLink();
  const [row] = await ctx.db
    .update(users)
    .set({ emailNotifications: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  // The account was deleted since the mail went out.
  if (!row) throw invalidUnsubscribeLink();
  return { email_notifications: false as const };
}
