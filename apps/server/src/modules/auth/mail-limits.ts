import { and, eq, gt, inArray, count } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authAttempts } from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether a client address may still ask for mails this hour, whichever accounts they go to
 * (MAIL_REQUESTS_PER_ADDRESS_PER_HOUR): nobody floods many inboxes from one address.
 */
export async function sourceMayAskForMail(
  ctx: AppContext,
  source: string | null,
): Promise<boolean> {
  if (source === null) return true;
  const [sent] = await ctx.db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        inArray(authAttempts.kind, ['reset_mail', 'verify_mail', 'unlock_mail']),
        eq(authAttempts.source, source),
        gt(authAttempts.createdAt, new Date(Date.now() - HOUR_MS)),
      ),
    );
  return (sent?.n ?? 0) < ctx.config.mailRequestsPerAddressPerHour;
}
