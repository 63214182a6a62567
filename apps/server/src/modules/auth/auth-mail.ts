import type { AppContext } from '../../context';
import { sendWithRetries, type Mail } from '../../lib/mailer';

/**
 * An account mail sent after its answer (reset and verification links, the email change's two
 * mails, sign-in links): a failed send is tried again after a while (lib/mailer.ts), and one that
 * still fails is logged, never shown in the answer, which has already gone.
 */
export function sendAuthMail(ctx: AppContext, mail: Mail): Promise<void> {
  return sendWithRetries(ctx.mailer, mail, ctx.config.mailRetryDelaysMs);
}
