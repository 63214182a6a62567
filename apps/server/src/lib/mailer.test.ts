import { describe, expect, it } from 'vitest';
import { sendWithRetries, type Mail, type Mailer } from './mailer';

const mail: Mail = { to: 'a@example.test', subject: 'Hello', text: 'Hi' };

/** A mailer whose first `failures` sends fail, as SMTP that is down for a moment. */
function flakyMailer(failures: number) {
  const tries: number[] = [];
  const mailer: Mailer = {
    async send() {
      tries.push(Date.now());
      if (tries.length <= failures) throw new Error('SMTP unreachable');
    },
  };
  return { mailer, tries };
}

describe('sendWithRetries', () => {
  it('tries again after each delay until a send succeeds', async () => {
    const { mailer, tries } = flakyMailer(2);
    await sendWithRetries(mailer, mail, [20, 40, 80]);
    expect(tries).toHaveLength(3);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(15);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(35);
  });

  it('gives up after the last delay and throws the last failure', async () => {
    const { mailer, tries } = flakyMailer(10);
    await expect(sendWithRetries(mailer, mail, [1, 1, 1])).rejects.toThrow('SMTP unreachable');
    expect(tries).toHaveLength(4);
  });

  it('sends once when the first try succeeds', async () => {
    const { mailer, tries } = flakyMailer(0);
    await sendWithRetries(mailer, mail, [1000]);
    expect(tries).toHaveLength(1);
  });
});
