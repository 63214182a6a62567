import type { Invitation } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users, type UserRow } from '../../db/schema';
import { sendWithRetries, type Mail } from '../../lib/mailer';
import { notifyInvitation } from '../notifications/fan-out';

/**
 * Work after the answer to a new invitation (lib/after-answer.ts), so that its cost never tells the
 * inviter whether the address has an account: the account that proved the address is notified,
 * and the address is mailed either way (an unproven account sees the invitation once verified).
 */
export async function deliverInvitation(
  ctx: AppContext,
  sent: { invitation: Invitation; inviter: UserRow },
): Promise<void> {
  const { invitation, inviter } = sent;
  const [account] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, invitation.email));
  // Only a proven address: someone who signed up with another person's address learns nothing.
  if (account && !account.isGuest && account.isVerified) {
    await ctx.db.transaction((tx) =>
      notifyInvitation(tx, invitation.group.id, account.id, inviter.id),
    );
    await ctx.flushNotifications?.();
  }
  await sendWithRetries(
    ctx.mailer,
    invitationMail(ctx, { invitation, inviterName: inviter.name }),
    ctx.config.mailRetryDelaysMs,
  );
}

function invitationMail(
  ctx: AppContext,
  mail: { invitation: Invitation; inviterName: string | null },
): Mail {
  const { invitation, inviterName } = mail;
  const link = `${ctx.config.publicAppUrl}/groups`;
  return {
    to: invitation.email,
    subject: 'You are invited to a group in Household',
    text:
      `${inviterName ?? 'A member'} invited you to join “${invitation.group.name}” in Household.\n\n` +
      `Sign in, or create an account, with this address (${invitation.email}) to accept; ` +
      `once the address is verified, the invitation waits on the groups page:\n${link}\n\n` +
      `If you do not know the group, ignore this mail: nothing happens without you.`,
  };
}
