import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, TestClient, type TestServer } from '../../../test/support/realtime';
import { createTestDatabase } from '../../../test/support/test-database';
import { addMember, buildGroup, buildUser } from '../../../test/support/factories';

// docs/expenses.md: every money change reaches the group's open screens, and nobody else's.

describe('realtime events of money changes', () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    server = await startServer({
      databaseUrl: database.url,
      jwtSecret: randomBytes(32).toString('hex'),
    });
  });

  /** Ann's group with Ben in it, Ben's open screen, and the screen of someone in none of it. */
  async function watchedGroup() {
    const ann = await buildUser(server.app, { name: 'Ann' });
    const ben = await buildUser(server.app, { name: 'Ben' });
    const outsider = await buildUser(server.app, { name: 'Olga' });
    const group = await buildGroup(server.app, ann);
    await addMember(server.app, group, ben);
    const benScreen = await TestClient.ready(server.wsUrl, ben.tokens.access_token);
    const outsiderScreen = await TestClient.ready(server.wsUrl, outsider.tokens.access_token);
    clients.push(benScreen, outsiderScreen);
    return { ann, ben, outsider, group, benScreen, outsiderScreen };
  }

  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await drop();
  });

  it('tells members of an expense and its settlement, not outsiders', async () => {
    const { ann, ben, outsider, group, benScreen, outsiderScreen } = await watchedGroup();

    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/expenses',
      headers: ann.auth,
      payload: {
        group_id: group.id,
        description: 'Pizza',
        date: '2026-11-20',
        amount_cents: 3000,
        split: { type: 'equal', participants: [ann.user.id, ben.user.id] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const expense = created.json<{ id: number; splits: { id: number; user: { id: number } }[] }>();
    const added = await benScreen.event((event) => event.entity === 'expense');
    expect(added).toMatchObject({
      id: expense.id,
      action: 'created',
      group_id: group.id,
      actor: ann.user.id,
    });

    const split = expense.splits.find((candidate) => candidate.user.id === ben.user.id)!;
    const settled = await server.app.inject({
      method: 'POST',
      url: `/api/v1/expenses/${expense.id}/splits/${split.id}/settle`,
      headers: ben.auth,
      payload: { amount_cents: 1500 },
    });
    expect(settled.statusCode, settled.body).toBe(201);
    await benScreen.event((event) => event.entity === 'settlement' && event.action === 'created');

    // A personal expense of the outsider reaches the outsider alone.
    const personal = await server.app.inject({
      method: 'POST',
      url: '/api/v1/expenses',
      headers: outsider.auth,
      payload: { description: 'Book', date: '2026-11-20', amount_cents: 1200 },
    });
    expect(personal.statusCode, personal.body).toBe(201);
    const own = await outsiderScreen.event((event) => event.entity === 'expense');
    expect(own).toMatchObject({ group_id: null, user_id: outsider.user.id });
    expect(outsiderScreen.events().filter((event) => event.group_id === group.id)).toEqual([]);
    expect(benScreen.events().some((event) => event.user_id === outsider.user.id)).toBe(false);
  });

  it('tells members of a rate set in their group, not outsiders', async () => {
    const { ann, group, benScreen, outsiderScreen } = await watchedGroup();

    const set = await server.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${group.id}/exchange-rates`,
      headers: ann.auth,
      payload: { currency: 'JPY', rate: '0.0062' },
    });
    expect(set.statusCode, set.body).toBe(201);
    const event = await benScreen.event((candidate) => candidate.entity === 'exchange_rate');
    expect(event).toMatchObject({
      id: set.json<{ id: number }>().id,
      action: 'created',
      group_id: group.id,
      actor: ann.user.id,
    });
    expect(outsiderScreen.events().filter((candidate) => candidate.group_id === group.id)).toEqual(
      [],
    );
  });

  it('tells members of a recurring expense started and paused, not outsiders', async () => {
    const { ann, ben, group, benScreen, outsiderScreen } = await watchedGroup();

    const started = await server.app.inject({
      method: 'POST',
      url: '/api/v1/expense-series',
      headers: ann.auth,
      payload: {
        group_id: group.id,
        description: 'Rent',
        amount_cents: 90000,
        split: { type: 'equal', participants: [ann.user.id, ben.user.id] },
        rule: { frequency: 'monthly', start_date: '2030-05-01' },
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const series = started.json<{ id: number; version: number }>();
    const created = await benScreen.event(
      (candidate) => candidate.entity === 'expense_series' && candidate.action === 'created',
    );
    expect(created).toMatchObject({ id: series.id, group_id: group.id, actor: ann.user.id });

    const paused = await server.app.inject({
      method: 'POST',
      url: `/api/v1/expense-series/${series.id}/pause`,
      headers: ann.auth,
      payload: { version: series.version },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const updated = await benScreen.event(
      (candidate) => candidate.entity === 'expense_series' && candidate.action === 'updated',
    );
    expect(updated).toMatchObject({ id: series.id, version: series.version + 1 });
    expect(outsiderScreen.events().filter((candidate) => candidate.group_id === group.id)).toEqual(
      [],
    );
  });
});
