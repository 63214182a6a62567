import type {
  ChangePasswordBody,
  NotificationSettings,
  Preferences,
  UpdateMeBody,
} from '@household/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { expenseSeries, expenses, users, type UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../http/problem';
import { hashPassword } from '../../lib/passwords';
import { endActionTokens } from '../auth/action-tokens';
import { emailTaken } from '../auth/auth.service';
import { requestEmailChange } from '../auth/email-change';
import { assertCurrentPassword, assertReauthenticated, type Requester } from '../auth/reauth';
import { revokeAllSessions } from '../auth/sessions';
import { handOverGroupsOf } from '../groups/leave-group';
import { assertPasswordNotCommon } from '../auth/common-passwords';

/**
 * The account was authenticated at the start of the request; one deleted since (a second tab, a
 * concurrent DELETE /users/me) is not found, never a write that half happens.
 */
export async function updateUser(db: DbOrTx, userId: number, values: Partial<UserRow>) {
  let row: UserRow | undefined;
  try {
    [row] = await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!row) throw notFound();
  return row;
}

/**
 * Edits the profile. Name, locale and time zone change at once; an email change asks for the
 * password (or a fresh login) and takes effect only once the new address is confirmed
 * (modules/auth/email-change.ts), so a stolen access token cannot take the account over.
 */
export async function updateProfile(
  ctx: AppContext,
  requester: Requester,
  body: Omit<UpdateMeBody, 'email'> & { email?: string },
): Promise<UserRow> {
  const { user } = requester;
  const emailChanges = body.email !== undefined && body.email !== user.email;
  // A guest has no email; they add one by claiming the account (POST /auth/claim).
  if (emailChanges && user.isGuest) throw forbidden('A guest adds an email by creating an account');
  if (emailChanges) await assertReauthenticated(ctx, requester, body.current_password);
  // The row stays locked from the update to the tokens: a concurrent deletion waits, then cascades.
  return ctx.db.transaction(async (tx) => {
    const row = await updateUser(tx, user.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.locale !== undefined ? { locale: body.locale } : {}),
      ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
    });
    if (emailChanges && body.email) await requestEmailChange(ctx, tx, row, body.email);
    return row;
  });
}

/**
 * Changes the password; the caller's session stays, every other session ends, and every reset
 * link sent before dies (it would otherwise undo the change).
 */
export async function changePassword(
  ctx: AppContext,
  requester: Requester,
  body: ChangePasswordBody,
): Promise<void> {
  const { user, sessionId } = requester;
  assertPasswordNotCommon(body.new_password, 'new_password');
  await assertCurrentPassword(ctx, requester, body.current_password, 'current_password');
  const passwordHash = await hashPassword(body.new_password);
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning({ id: users.id });
    if (changed.length === 0) throw notFound();
    await revokeAllSessions(tx, user.id, sessionId ?? undefined);
    await endActionTokens(tx, user.id, 'reset_password');
  });
  await ctx.sessions.announce(user.id);
}

const notificationColumns = (body: Partial<NotificationSettings>): Partial<UserRow> => ({
  ...(body.email_notifications !== undefined
    ? { emailNotifications: body.email_notifications }
    : {}),
  ...(body.list_updates !== undefined ? { listUpdates: body.list_updates } : {}),
  ...(body.group_activities !== undefined ? { groupActivities: body.group_activities } : {}),
});

const preferenceColumns = (body: Partial<Preferences>): Partial<UserRow> => ({
  ...(body.language !== undefined ? { locale: body.language } : {}),
  ...(body.theme !== undefined ? { theme: body.theme } : {}),
  ...(body.currency !== undefined ? { currency: body.currency } : {}),
});

/** Notification and display preferences (spec §3), partially or together, in one update. */
export function updateSettings(
  ctx: AppContext,
  user: UserRow,
  body: { notifications?: Partial<NotificationSettings>; preferences?: Partial<Preferences> },
): Promise<UserRow> {
  return updateUser(ctx.db, user.id, {
    ...notificationColumns(body.notifications ?? {}),
    ...preferenceColumns(body.preferences ?? {}),
  });
}

/**
 * Deletes the account and everything that is only the user's (sessions, tokens, avatar, and later
 * personal lists and chores, by foreign-key cascade). What happens to shared group data is written
 * in docs/accounts.md. A registered user confirms with their password; a guest has none.
 */
export async function deleteAccount(
  ctx: AppContext,
  requester: Requester,
  password: string | undefined,
): Promise<void> {
  const { user } = requester;
  if (!user.isGuest) await assertCurrentPassword(ctx, requester, password, 'password');
  // docs/accounts.md: groups the user owned alone pass on, before the memberships cascade away.
  await ctx.db.transaction(async (tx) => {
    await handOverGroupsOf(tx, user.id);
    // Personal expenses are the user's alone; group expenses stay in their group's ledger.
    await tx.delete(expenses).where(and(isNull(expenses.groupId), eq(expenses.createdBy, user.id)));
    // So are personal recurring expenses; a group's keep running without their creator.
    await tx
      .delete(expenseSeries)
      .where(and(isNull(expenseSeries.groupId), eq(expenseSeries.createdBy, user.id)));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
