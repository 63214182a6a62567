import { CHORE_FREQUENCIES } from '@household/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField } from '../../../test/support/assertions';
import { buildUser, type TestUser } from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let ann: TestUser;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  ann = await buildUser(t.app);
});
afterAll(() => t.close());

const firstCause = (error: unknown): string => {
  let found = error as { message?: string; cause?: unknown };
  while (found.cause) found = found.cause as typeof found;
  return found.message ?? String(error);
};

describe('a chore frequency is one of the known ones, in the database too', () => {
  it('stores and reads back every frequency the contract knows', async () => {
    for (const frequency of CHORE_FREQUENCIES) {
      const created = await send(ann.auth, 'POST', '/chores', {
        name: `Chore ${frequency}`,
        type: 'personal',
        frequency,
        due_date: '2030-01-15',
        ...(frequency === 'custom' ? { interval_days: 3 } : {}),
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().frequency).toBe(frequency);
    }
  });

  it('refuses an unknown frequency at the API, with the field named', async () => {
    const response = await send(ann.auth, 'POST', '/chores', {
      name: 'Every other day',
      type: 'personal',
      frequency: 'fortnightly',
      due_date: '2030-01-15',
    });
    expectInvalidField(response, 'frequency');
  });

  it('cannot hold an unknown frequency: the database refuses it instead of a silent default', async () => {
    const error = await t.database.db
      .execute(sql`UPDATE chores SET frequency = 'fortnightly'`)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).not.toBeNull();
    expect(firstCause(error)).toMatch(/invalid input value for enum chore_frequency/);
  });
});
