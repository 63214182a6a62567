import { randomBytes } from 'node:crypto';
import { todayIn } from '@household/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, TestClient, type TestServer } from '../../../test/support/realtime';
import { createTestDatabase } from '../../../test/support/test-database';
import { addMember, buildGroup, buildUser } from '../../../test/support/factories';

// docs/chores.md: every chore change reaches the group's open screens, and nobody else's.

describe('realtime events of chore changes', () => {
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

  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await drop();
  });

  it('tells members of a new chore and its completion, not outsiders', async () => {
    const ann = await buildUser(server.app, { name: 'Ann' });
    const ben = await buildUser(server.app, { name: 'Ben' });
    const outsider = await buildUser(server.app, { name: 'Olga' });
    const group = await buildGroup(server.app, ann);
    await addMember(server.app, group, ben);
    const benScreen = await TestClient.ready(server.wsUrl, ben.tokens.access_token);
    const outsiderScreen = await TestClient.ready(server.wsUrl, outsider.tokens.access_token);
    clients.push(benScreen, outsiderScreen);

    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/chores',
      headers: ann.auth,
      payload: {
        name: 'Bins',
        type: 'group',
        group_id: group.id,
        frequency: 'weekly',
        due_date: todayIn('UTC'),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const chore = created.json<{ id: number }>();
    expect(await benScreen.event((event) => event.entity === 'chore')).toMatchObject({
      id: chore.id,
      action: 'created',
      group_id: group.id,
      actor: ann.user.id,
    });

    const assigned = await server.app.inject({
      method: 'POST',
      url: `/api/v1/chores/${chore.id}/assignments`,
      headers: ann.auth,
      payload: { user_id: ben.user.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const first = assigned.json<{ id: number }>().id;
    await benScreen.event((event) => event.entity === 'assignment' && event.action === 'created');

    const done = await server.app.inject({
      method: 'POST',
      url: `/api/v1/chores/${chore.id}/complete`,
      headers: ann.auth,
      payload: { version: 1 },
    });
    expect(done.statusCode, done.body).toBe(200);
    await benScreen.event((event) => event.entity === 'chore' && event.action === 'updated');
    // The turn was someone's, so the chore's strategy hands out the next one, live too.
    expect(
      await benScreen.event(
        (event) =>
          event.entity === 'assignment' && event.action === 'created' && event.id !== first,
      ),
    ).toMatchObject({ group_id: group.id, actor: ann.user.id });

    // A personal chore of the outsider reaches the outsider alone.
    const personal = await server.app.inject({
      method: 'POST',
      url: '/api/v1/chores',
      headers: outsider.auth,
      payload: { name: 'Plants', due_date: todayIn('UTC') },
    });
    expect(personal.statusCode).toBe(201);
    const seen = await outsiderScreen.event((event) => event.entity === 'chore');
    expect(seen).toMatchObject({ user_id: outsider.user.id, group_id: null });
    expect(outsiderScreen.events().filter((event) => event.group_id === group.id)).toEqual([]);
    expect(benScreen.events().filter((event) => event.user_id === outsider.user.id)).toEqual([]);
  });
});
