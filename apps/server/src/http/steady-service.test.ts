import { ZHealthReady } from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectShape } from '../../test/support/assertions';
import { buildUser, type TestUser } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { BUSY_RETRY_AFTER_SECONDS } from './load-shedding';

// Issue "Steady service": the whole app with load shedding on (two requests at work at once, the
// rest in line), on this suite's engine. Its clock moves half a second at every reading, so every
// request that waits at all looks like it waited far past the target: only the rules decide, never
// how fast this machine happens to be.
const STEP_MS = 500;
let clock = 0;
let t: TestApp;
let owner: TestUser;
let bigListId: number;
/** Test requests that wait until the test lets them answer. */
let holding = true;
const held: (() => void)[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {
      MAX_CONCURRENT_REQUESTS: '32',
      MAX_ACTIVE_REQUESTS: '2',
      QUEUE_DELAY_TARGET_MS: '100',
      QUEUE_DELAY_INTERVAL_MS: '1000',
    },
    {
      loadClock: () => (clock += STEP_MS),
      extend: (app) => {
        app.get('/api/v1/test/held', async () => {
          if (holding) await new Promise<void>((resolve) => held.push(resolve));
          return { ok: true };
        });
      },
    },
  );
  // Start-up work that keeps the thread busy (the first start of the embedded database, say): it
  // must not count against the first people to arrive.
  const until = Date.now() + 300;
  while (Date.now() < until) {
    // busy
  }
  owner = await buildUser(t.app);
}, 120_000);
afterAll(() => t.close());

const readBigList = () => t.app.inject({ url: `/api/v1/lists/${bigListId}`, headers: owner.auth });

async function readiness() {
  return t.app.inject('/api/v1/health/ready');
}

describe('steady service: nobody is refused while there is spare capacity', () => {
  it('answers the first requests after start-up, busy as the start was', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      statuses.push((await t.app.inject('/api/v1/openapi.json')).statusCode);
      statuses.push((await buildUser(t.app)).user.id > 0 ? 201 : 0);
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/v1/auth/guest' })).statusCode);
      statuses.push((await t.app.inject('/api/v1/users/me')).statusCode);
      statuses.push((await t.app.inject('/api/v1/no-such-thing')).statusCode);
    }
    expect(statuses).not.toContain(503);
    expect(statuses.filter((status) => status === 201)).toHaveLength(8);
  });

  it('serves a closed loop of four readers of a 1,000-item list without refusing one', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `Item ${i + 1}`).join('\n');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lists/import',
      headers: owner.auth,
      payload: { format: 'text', content: lines, name: 'Big shop' },
    });
    expect(imported.statusCode).toBe(201);
    bigListId = imported.json().list.id;

    // Four clients, each sending its next read as soon as the last is answered: two at work, two
    // in line, every wait "long" on this clock, for far longer than the interval.
    const client = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) statuses.push((await readBigList()).statusCode);
      return statuses;
    };
    const statuses = (await Promise.all([client(), client(), client(), client()])).flat();
    expect(statuses).toEqual(Array(32).fill(200));
  });

  it('sheds a standing line at once and cheaply, and says so to a load balancer', async () => {
    // Two at work and three in line, the oldest waiting long past the target.
    const holders = Array.from({ length: 5 }, () =>
      t.app.inject({ url: '/api/v1/test/held', headers: owner.auth }),
    );
    await expect.poll(async () => (await readiness()).statusCode).toBe(503);
    const notReady = await readiness();
    expectProblem(notReady, 503, 'service_unavailable');
    expect(notReady.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));

    const refused = await readBigList();
    expectProblem(refused, 503, 'service_unavailable');
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));

    holding = false;
    for (const resolve of held) resolve();
    const answers = await Promise.all(holders);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
  });

  it('forgets a burst once it is worked off: the next readers are served and the process is ready', async () => {
    const ready = await readiness();
    expect(ready.statusCode).toBe(200);
    expect(expectShape(ZHealthReady, ready.json())).toEqual({
      status: 'ready',
      requests: { active: 0, waiting: 0 },
      queue_delay_ms: 0,
    });
    for (let i = 0; i < 5; i += 1) expect((await readBigList()).statusCode).toBe(200);
  });
});
