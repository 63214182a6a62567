import {
  DEFAULT_REMINDER_TIME,
  ZNotificationKinds,
  type EmailDigest,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationKinds,
  type UpdateNotificationDelivery,
} from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationSettings, type NotificationSettingsRow, type UserRow } from '../../db/schema';

/** Kinds that spec §3's "group activities" switch governs on top of their own switch. */
const GROUP_ACTIVITY_KINDS: ReadonlySet<NotificationKind> = new Set([
  'chore_assigned',
  'expense_added',
  'settlement_received',
  'invitation',
  'chore_swap_requested',
  'chore_swap_answered',
]);

export const DEFAULT_EMAIL_DIGEST: EmailDigest = 'daily';

type Person = Pick<UserRow, 'listUpdates' | 'groupActivities'>;

/**
 * The kinds the settings have a switch for: those of the settings contract. A kind it does not
 * list yet (`bill_amount_needed`) cannot be switched off, and is always recorded.
 */
const SWITCHABLE_KINDS = Object.keys(ZNotificationKinds.shape) as (keyof NotificationKinds)[];

export function kindsOf(stored: Record<string, boolean> | null | undefined): NotificationKinds {
  const kinds = {} as NotificationKinds;
  for (const kind of SWITCHABLE_KINDS) kinds[kind] = stored?.[kind] !== false;
  return kinds;
}

/**
 * Whether a notification of this kind is recorded at all (and so shown, pushed, mailed): its own
 * switch, and the spec §3 switch that covers it.
 */
export function wantsKind(
  person: Person,
  stored: Record<string, boolean> | null | undefined,
  kind: NotificationKind,
): boolean {
  if (stored?.[kind] === false) return false;
  if (kind === 'list_changes' && !person.listUpdates) return false;
  if (GROUP_ACTIVITY_KINDS.has(kind) && !person.groupActivities) return false;
  return true;
}

/** Mail goes only to an account with an address that has email notifications on. */
export function wantsEmail(
  person: Pick<UserRow, 'email' | 'isGuest' | 'emailNotifications'>,
): person is typeof person & { email: string } {
  return person.emailNotifications && !person.isGuest && !!person.email;
}

export function presentDelivery(
  user: Pick<UserRow, 'timezone'>,
  row: NotificationSettingsRow | null | undefined,
): NotificationDelivery {
  return {
    kinds: kindsOf(row?.kinds),
    reminder_time: row?.reminderTime ?? DEFAULT_REMINDER_TIME,
    time_zone: row?.timeZone ?? user.timezone ?? 'UTC',
    email_digest: (row?.emailDigest as EmailDigest | undefined) ?? DEFAULT_EMAIL_DIGEST,
    // Both or neither (the contract checks a change; a half pair reads as none).
    quiet_hours_start: row?.quietHoursStart && row.quietHoursEnd ? row.quietHoursStart : null,
    quiet_hours_end: row?.quietHoursStart && row.quietHoursEnd ? row.quietHoursEnd : null,
  };
}

export async function findSettings(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

export async function readDelivery(db: DbOrTx, user: UserRow): Promise<NotificationDelivery> {
  return presentDelivery(user, await findSettings(db, user.id));
}

/** Merges a partial change into the stored settings (creating them at the first save). */
export async function updateDelivery(
  db: DbOrTx,
  user: UserRow,
  body: UpdateNotificationDelivery,
): Promise<NotificationDelivery> {
  return db.transaction(async (tx) => {
    await tx.insert(notificationSettings).values({ userId: user.id }).onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id))
      .for('update');
    const present = presentDelivery(user, current);
    const [row] = await tx
      .update(notificationSettings)
      .set({
        kinds: { ...present.kinds, ...body.kinds },
        reminderTime: body.reminder_time ?? present.reminder_time,
        timeZone: body.time_zone ?? present.time_zone,
        emailDigest: body.email_digest ?? present.email_digest,
        ...(body.quiet_hours_start !== undefined
          ? { quietHoursStart: body.quiet_hours_start, quietHoursEnd: body.quiet_hours_end ?? null }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(notificationSettings.userId, user.id))
      .returning();
    return presentDelivery(user, row);
  });
}
