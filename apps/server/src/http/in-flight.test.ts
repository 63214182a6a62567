import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';

let t: TestApp;
let finished = false;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extend: (app) => {
        app.get('/slow', async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
          return { ok: true };
        });
      },
    },
  );
});
afterAll(() => t.close());

describe('shutdown', () => {
  it('waits for a running handler before the database may close', async () => {
    const pending = t.app.inject('/slow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.app.whenIdle(5_000);
    expect(finished).toBe(true);
    expect((await pending).statusCode).toBe(200);
  });
});
