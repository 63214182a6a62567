import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { dataDir } from './env';

/** Without SMTP_URL the server writes each mail to `$DATA_DIR/outbox/<timestamp>-<to>.eml`. */
function outboxDir(): string {
  return path.join(dataDir(), 'outbox');
}

/** The newest mail to `address` whose subject matches, or null. */
export function readOutbox(address: string, subject: RegExp = /.*/): string | null {
  if (!fs.existsSync(outboxDir())) return null;
  const mails = fs
    .readdirSync(outboxDir())
    .filter((file) => file.endsWith(`-${address}.eml`))
    .sort()
    .reverse()
    .map((file) => fs.readFileSync(path.join(outboxDir(), file), 'utf8'));
  return mails.find((mail) => subject.test(mail.match(/^Subject: (.*)$/m)?.[1] ?? '')) ?? null;
}

/** Waits until such a mail arrives and returns the first link in its body. */
export async function waitForMailLink(address: string, subject: RegExp): Promise<string> {
  let mail: string | null = null;
  await expect
    .poll(() => (mail = readOutbox(address, subject)), {
      message: `a mail to ${address} with subject ${subject}`,
    })
    .not.toBeNull();
  const link = mail!.match(/https?:\/\/\S+/)?.[0];
  expect(link, 'a link in the mail').toBeDefined();
  return link!;
}
