import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Mail goes over SMTP_URL. Without it (a fresh self-hosted install), each mail is written as a
 * file to `<data>/outbox/` and the log says where, so an owner can still reset a password. The log
 * line leaves out the body: it holds a single-use token, and tokens are never logged.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(
        options.outboxDir,
        `${stamp}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`,
      );
      const extra = Object.entries(mail.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\n`)
        .join('');
      const message = `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n${extra}\n${mail.text}\n`;
      await fs.writeFile(file, message, { mode: 0o600 });
      options.logger.info(
        { to: mail.to, subject: mail.subject, file },
        'no SMTP_URL: mail written to outbox',
      );
    },
  };
}

/** Waits before the second, third and fourth try of a failed mail: SMTP that blips recovers. */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 25_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends `mail`, trying again after each of `delaysMs` when a send fails; the last failure is
 * thrown. Only for work after an answer (lib/after-answer.ts): nobody waits on the retries.
 */
export async function sendWithRetries(
  mailer: Mailer,
  mail: Mail,
  delaysMs: readonly number[] = MAIL_RETRY_DELAYS_MS,
): Promise<void> {
  for (const delayMs of delaysMs) {
    try {
      await mailer.send(mail);
      return;
    } catch {
      await sleep(delayMs);
    }
  }
  await mailer.send(mail);
}
