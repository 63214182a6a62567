import { randomBytes } from 'node:crypto';
import { PROBLEM_CONTENT_TYPE, WS_CLOSE_UNAUTHENTICATED } from '@household/contracts';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildGroup,
  buildUser,
  login,
  type TestUser,
} from '../../../test/support/factories';
import {
  listEvent,
  startServer,
  TestClient,
  type TestServer,
} from '../../../test/support/realtime';
import { createTestDatabase, isPostgres } from '../../../test/support/test-database';

const AUTH_TIMEOUT_MS = 300;

describe('realtime connection', () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const clients: TestClient[] = [];
  const open = async (token: string) => {
    const client = await TestClient.ready(server.wsUrl, token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    server = await startServer({
      databaseUrl: database.url,
      jwtSecret: randomBytes(32).toString('hex'),
      realtime: { authTimeoutMs: AUTH_TIMEOUT_MS },
    });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await drop();
  });

  describe('authentication', () => {
    it('answers ready with the user id to a valid access token', async () => {
      const ann = await buildUser(server.app);
      const client = await TestClient.connect(server.wsUrl);
      clients.push(client);
      expect(await client.auth(ann.tokens.access_token)).toBe(ann.user.id);
    });

    it('closes with 4401 on an invalid token', async () => {
      const client = await TestClient.connect(server.wsUrl);
      client.send({ type: 'auth', token: 'not-a-jwt' });
      expect(await client.closeCode()).toBe(WS_CLOSE_UNAUTHENTICATED);
    });

    it('closes with 4401 when the first message carries no token', async () => {
      const client = await TestClient.connect(server.wsUrl);
      client.send({ type: 'auth' });
      expect(await client.closeCode()).toBe(WS_CLOSE_UNAUTHENTICATED);
      const other = await TestClient.connect(server.wsUrl);
      other.socket.send('hello');
      expect(await other.closeCode()).toBe(WS_CLOSE_UNAUTHENTICATED);
    });

    it('closes with 4401 when no auth message comes in time', async () => {
      const client = await TestClient.connect(server.wsUrl);
      const started = Date.now();
      expect(await client.closeCode()).toBe(WS_CLOSE_UNAUTHENTICATED);
      expect(Date.now() - started).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 50);
    });

    it('re-authenticates with a fresh token of the same user, and refuses another user', async () => {
      const ann = await buildUser(server.app);
      const bob = await buildUser(server.app);
      const client = await open(ann.tokens.access_token);
      const fresh = (await login(server.app, ann.email, ann.password)).json<{
        access_token: string;
      }>();
      expect(await client.auth(fresh.access_token)).toBe(ann.user.id);
      await server.events.publish(listEvent({ user_id: ann.user.id }, 7));
      await client.event((event) => event.id === 7);

      client.send({ type: 'auth', token: bob.tokens.access_token });
      expect(await client.closeCode()).toBe(WS_CLOSE_UNAUTHENTICATED);
    });

    it('closes with 4401 when the token expires without a fresh one', async () => {
      const ann = await buildUser(server.app);
      const nowSeconds = Math.floor(Date.now() / 1000);
      const shortLived = await new SignJWT({ sid: 'test-session' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(ann.user.id))
        .setIssuedAt(nowSeconds)
        // Expiry has a resolution of a second: `+ 1` could leave a millisecond to connect in.
        .setExpirationTime(nowSeconds + 2)
        .sign(new TextEncoder().encode(server.config.jwtSecret!));
      const client = await open(shortLived);
      expect(await client.closeCode(5000)).toBe(WS_CLOSE_UNAUTHENTICATED);
    });

    it('answers a plain GET with problem+json 426, and unknown API paths still with 404', async () => {
      const plain = await server.app.inject({ method: 'GET', url: '/api/v1/ws' });
      expect(plain.statusCode).toBe(426);
      expect(plain.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
      const unknown = await server.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'not_found' });
    });
  });

  describe('delivery', () => {
    let owner: TestUser;
    let member: TestUser;
    let outsider: TestUser;
    let groupId: number;

    beforeAll(async () => {
      owner = await buildUser(server.app);
      member = await buildUser(server.app);
      outsider = await buildUser(server.app);
      const group = await buildGroup(server.app, owner);
      groupId = group.id;
      await addMember(server.app, group, member);
    });

    it("delivers a group's event to its members and not to an outsider", async () => {
      const memberClient = await open(member.tokens.access_token);
      const outsiderClient = await open(outsider.tokens.access_token);
      await server.events.publish(listEvent({ group_id: groupId }, 11));
      // A personal event published after it reaches the outsider: had the group's event been sent
      // to them, it would have arrived first on the same connection.
      await server.events.publish(listEvent({ user_id: outsider.user.id }, 12));

      expect(await memberClient.event((event) => event.id === 11)).toMatchObject({
        group_id: groupId,
      });
      await outsiderClient.event((event) => event.id === 12);
      expect(outsiderClient.events().map((event) => event.id)).toEqual([12]);
    });

    it("delivers a personal event to every connection of its user and nobody else's", async () => {
      const first = await open(owner.tokens.access_token);
      const second = await open(owner.tokens.access_token);
      const other = await open(member.tokens.access_token);
      await server.events.publish(listEvent({ user_id: owner.user.id }, 21));
      await server.events.publish(listEvent({ user_id: member.user.id }, 22));
      await first.event((event) => event.id === 21);
      await second.event((event) => event.id === 21);
      await other.event((event) => event.id === 22);
      expect(other.events().map((event) => event.id)).toEqual([22]);
    });

    it('stops delivering to a member the moment they are removed', async () => {
      const leaver = await buildUser(server.app);
      const group = await buildGroup(server.app, owner, { name: 'Trip' });
      await addMember(server.app, group, leaver);
      const leaverClient = await open(leaver.tokens.access_token);
      const ownerClient = await open(owner.tokens.access_token);

      await server.events.publish(listEvent({ group_id: group.id }, 31));
      await leaverClient.event((event) => event.id === 31);

      const removed = await server.app.inject({
        method: 'DELETE',
        url: `/api/v1/groups/${group.id}/members/${leaver.user.id}`,
        headers: owner.auth,
      });
      expect(removed.statusCode).toBe(204);
      // The groups service told both of them.
      const isRemoval = (event: { entity: string; action: string; group_id: number | null }) =>
        event.entity === 'membership' && event.action === 'deleted' && event.group_id === group.id;
      expect(await leaverClient.event(isRemoval)).toMatchObject({ user_id: leaver.user.id });
      await ownerClient.event(isRemoval);

      await server.events.publish(listEvent({ group_id: group.id }, 32));
      await server.events.publish(listEvent({ user_id: leaver.user.id }, 33));
      await ownerClient.event((event) => event.id === 32);
      await leaverClient.event((event) => event.id === 33);
      expect(leaverClient.events().some((event) => event.id === 32)).toBe(false);
    });

    it("starts delivering a group's events to a connected user who joins it", async () => {
      const joiner = await buildUser(server.app);
      const group = await buildGroup(server.app, owner, { name: 'Family' });
      const joinerClient = await open(joiner.tokens.access_token);
      await addMember(server.app, group, joiner);
      await joinerClient.event(
        (event) => event.entity === 'membership' && event.action === 'created',
      );
      await server.events.publish(listEvent({ group_id: group.id }, 41));
      await joinerClient.event((event) => event.id === 41);
    });

    it("stops delivering a deleted group's events", async () => {
      const group = await buildGroup(server.app, owner, { name: 'Short-lived' });
      await addMember(server.app, group, outsider);
      const outsiderClient = await open(outsider.tokens.access_token);
      const deleted = await server.app.inject({
        method: 'DELETE',
        url: `/api/v1/groups/${group.id}`,
        headers: owner.auth,
      });
      expect(deleted.statusCode).toBe(204);
      await outsiderClient.event((event) => event.entity === 'group' && event.id === group.id);
      await server.events.publish(listEvent({ group_id: group.id }, 51));
      await server.events.publish(listEvent({ user_id: outsider.user.id }, 52));
      await outsiderClient.event((event) => event.id === 52);
      expect(outsiderClient.events().some((event) => event.id === 51)).toBe(false);
    });
  });

  it('lets the server shut down promptly with connections open', async () => {
    const database = await createTestDatabase();
    const other = await startServer({
      databaseUrl: database.url,
      jwtSecret: randomBytes(32).toString('hex'),
    });
    const ann = await buildUser(other.app);
    const client = await TestClient.ready(other.wsUrl, ann.tokens.access_token);
    const started = Date.now();
    await other.app.close();
    await other.app.whenIdle(5_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    await client.closeCode();
    await other.database.close();
    await database.drop();
  });
});

describe.skipIf(!isPostgres)('realtime across two server processes on PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  let databaseUrl: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    databaseUrl = database.url!;
    const jwtSecret = randomBytes(32).toString('hex');
    a = await startServer({ databaseUrl: database.url, jwtSecret });
    b = await startServer({ databaseUrl: database.url, jwtSecret });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('carries live events to a member on another process and not to an outsider', async () => {
    const owner = await buildUser(a.app);
    const member = await buildUser(a.app);
    const outsider = await buildUser(a.app);
    const group = await buildGroup(a.app, owner);
    await addMember(a.app, group, member);

    const memberOnB = await TestClient.ready(b.wsUrl, member.tokens.access_token);
    const outsiderOnB = await TestClient.ready(b.wsUrl, outsider.tokens.access_token);
    await a.events.publish(listEvent({ group_id: group.id }, 61));
    await a.events.publish(listEvent({ user_id: outsider.user.id }, 62));

    expect(await memberOnB.event((event) => event.id === 61)).toMatchObject({
      group_id: group.id,
    });
    await outsiderOnB.event((event) => event.id === 62);
    expect(outsiderOnB.events().map((event) => event.id)).toEqual([62]);

    // A membership change made through process A's API reaches process B's connections.
    const joiner = await buildUser(a.app);
    const joinerOnB = await TestClient.ready(b.wsUrl, joiner.tokens.access_token);
    await addMember(a.app, group, joiner);
    await joinerOnB.event((event) => event.entity === 'membership' && event.action === 'created');
    await a.events.publish(listEvent({ group_id: group.id }, 63));
    await joinerOnB.event((event) => event.id === 63);

    for (const client of [memberOnB, outsiderOnB, joinerOnB]) client.close();
  });

  it('reconnects its listening connection and tells clients to start afresh', async () => {
    const ann = await buildUser(a.app);
    const before = await TestClient.ready(b.wsUrl, ann.tokens.access_token);
    // Ends the listening connections of both processes, as a database restart would.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const ended = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'household-realtime'`,
    );
    await admin.end();
    expect(ended.rowCount).toBe(2);
    // Events sent while it was away are lost, so its clients are asked to reconnect and resync.
    expect(await before.closeCode(10_000)).toBe(1013);

    const after = await TestClient.ready(b.wsUrl, ann.tokens.access_token);
    // Both listeners are back once a published event arrives; retry while they reconnect.
    const deadline = Date.now() + 10_000;
    let id = 70;
    while (!after.events().some((event) => event.user_id === ann.user.id)) {
      if (Date.now() > deadline) throw new Error('the listener did not come back');
      await a.events.publish(listEvent({ user_id: ann.user.id }, (id += 1)));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    after.close();
  });
});
