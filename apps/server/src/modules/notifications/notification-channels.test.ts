import { ZChannelStates, ZDelivery, ZWebhook, type Delivery } from '@household/contracts';
import { createHmac } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import { buildUser, type TestUser } from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import {
  localPushService,
  notificationApps,
  type NotificationApps,
} from '../../../test/support/notifications';
import { notify } from './record';

let harness: NotificationApps;
const app = (): App => harness.apps[0]!;
const send = sender(app);
let receiver: Awaited<ReturnType<typeof localPushService>>;

beforeAll(async () => {
  harness = await notificationApps();
  receiver = await localPushService();
  receiver.status = 200;
});
afterAll(async () => {
  await receiver?.close();
  await harness?.close();
});

/** A port nothing listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function saveWebhook(person: TestUser, body: Record<string, unknown>) {
  const response = await send(person.auth, 'PUT', '/notifications/webhook', body);
  expect([200, 201], response.body).toContain(response.statusCode);
  return expectShape(ZWebhook, response.json());
}

async function testOn(person: TestUser, channel: string): Promise<Delivery> {
  const response = await send(person.auth, 'POST', '/notifications/test', { channel });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZDelivery, response.json());
}

function verify(secret: string, request: { headers: Record<string, unknown>; body: Buffer }) {
  const expected = `sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`;
  expect(request.headers['x-household-signature']).toBe(expected);
  expect(Number(request.headers['x-household-timestamp'])).toBeGreaterThan(1_600_000_000);
}

async function tellSomething(person: TestUser) {
  await harness.databases[0]!.db.transaction((tx) =>
    notify(tx, [person.user.id], null, {
      kind: 'expense_added',
      groupId: null,
      data: { expense_description: 'Pizza', amount_cents: 1200, currency: 'EUR' },
      link: '/expenses',
    }),
  );
}

async function lastWebhookDelivery(person: TestUser) {
  const response = await send(person.auth, 'GET', '/notifications/deliveries');
  expect(response.statusCode, response.body).toBe(200);
  const states = expectShape(ZChannelStates, response.json());
  return states.items.find((item) => item.channel === 'webhook')!;
}

describe('webhook settings', () => {
  it('generates a secret on the first save, shows it once, and keeps it on later saves', async () => {
    const ann = await buildUser(app());
    const created = await send(ann.auth, 'PUT', '/notifications/webhook', {
      url: `${receiver.url}/hook`,
      format: 'json',
      enabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = expectShape(ZWebhook, created.json());
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.secret_hint).toBe(`••••${first.secret!.slice(-4)}`);

    const read = expectShape(
      ZWebhook,
      (await send(ann.auth, 'GET', '/notifications/webhook')).json(),
    );
    expect(read.secret).toBeNull();
    expect(read.secret_hint).toBe(first.secret_hint);

    const again = await saveWebhook(ann, { url: `${receiver.url}/other`, format: 'ntfy' });
    expect(again.secret).toBeNull();
    expect(again.secret_hint).toBe(first.secret_hint);
    expect(again.format).toBe('ntfy');

    const removed = await send(ann.auth, 'DELETE', '/notifications/webhook');
    expect(removed.statusCode).toBe(204);
    await expectProblem(await send(ann.auth, 'GET', '/notifications/webhook'), 404, 'not_found');
  });

  it('rejects bad URLs, formats and secrets with 400, never a 5xx', async () => {
    const ann = await buildUser(app());
    const bad = [
      { url: 'ftp://example.com/hook' },
      { url: 'http://' },
      { url: 'not a url' },
      { url: `https://example.com/${'a'.repeat(2048)}` },
      { url: 'javascript:alert(1)' },
      { url: 'https://example.com', format: 'slack' },
      { url: 'https://example.com', secret: 'short' },
      { url: 'https://example.com', unknown: true },
      {},
    ];
    for (const body of bad) {
      const response = await send(ann.auth, 'PUT', '/notifications/webhook', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    await expectProblem(
      await send(ann.auth, 'POST', '/notifications/test', { channel: 'pigeon' }),
      400,
      'validation_failed',
    );
  });

  it('answers 401 without a sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/notifications/webhook'],
      ['PUT', '/notifications/webhook'],
      ['DELETE', '/notifications/webhook'],
      ['POST', '/notifications/test'],
      ['GET', '/notifications/deliveries'],
    ] as const) {
      const response = await send(
        undefined,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('send a test', () => {
  it('posts the signed JSON, ntfy and Gotify bodies to the webhook', async () => {
    const ann = await buildUser(app());
    const { secret } = await saveWebhook(ann, { url: `${receiver.url}/json` });
    const before = receiver.received.length;

    expect(await testOn(ann, 'webhook')).toMatchObject({
      status: 'sent',
      is_test: true,
      error: null,
    });
    const json = receiver.received.at(-1)!;
    expect(json.url).toBe('/json');
    verify(secret!, json);
    expect(JSON.parse(json.body.toString())).toMatchObject({
      event: 'notification',
      id: null,
      kind: 'channel_test',
      title: 'Test notification',
      link: 'https://household.example/account',
    });

    await saveWebhook(ann, { url: `${receiver.url}/ntfy`, format: 'ntfy' });
    await testOn(ann, 'webhook');
    const ntfy = receiver.received.at(-1)!;
    verify(secret!, ntfy);
    expect(ntfy.body.toString()).toBe('Notifications reach you here. Nothing else to do.');
    expect(ntfy.headers.title).toBe('Test notification');
    expect(ntfy.headers.click).toBe('https://household.example/account');
    expect(ntfy.headers.tags).toBeTruthy();

    await saveWebhook(ann, { url: `${receiver.url}/gotify`, format: 'gotify' });
    await testOn(ann, 'webhook');
    const gotify = receiver.received.at(-1)!;
    verify(secret!, gotify);
    expect(JSON.parse(gotify.body.toString())).toEqual({
      title: 'Test notification',
      message: 'Notifications reach you here. Nothing else to do.',
      priority: 5,
      extras: { 'client::notification': { click: { url: 'https://household.example/account' } } },
    });
    expect(receiver.received.length - before).toBe(3);
  });

  it('answers a failed test with its error, and does not retry it', async () => {
    const ann = await buildUser(app());
    await saveWebhook(ann, { url: `http://127.0.0.1:${await closedPort()}/hook` });
    const delivery = await testOn(ann, 'webhook');
    expect(delivery).toMatchObject({
      status: 'failed',
      error: 'connection refused',
      next_attempt_at: null,
    });
    expect((await lastWebhookDelivery(ann)).last).toMatchObject({
      status: 'failed',
      is_test: true,
    });
  });

  it('puts an in-app test in the bell and mails an email test', async () => {
    const ann = await buildUser(app());
    expect(await testOn(ann, 'in_app')).toMatchObject({ channel: 'in_app', status: 'sent' });
    const inbox = (await send(ann.auth, 'GET', '/notifications')).json();
    expect(inbox.items[0]).toMatchObject({ kind: 'channel_test', link: '/account' });

    const mails = harness.mailer.sent.length;
    expect(await testOn(ann, 'email')).toMatchObject({ channel: 'email', status: 'sent' });
    expect(harness.mailer.sent.length).toBe(mails + 1);
    expect(harness.mailer.sent.at(-1)!.subject).toBe('Test notification');
  });

  it('refuses a test on a channel that is not set up', async () => {
    const ann = await buildUser(app());
    await expectProblem(
      await send(ann.auth, 'POST', '/notifications/test', { channel: 'push' }),
      400,
      'validation_failed',
    );
    await expectProblem(
      await send(ann.auth, 'POST', '/notifications/test', { channel: 'webhook' }),
      400,
      'validation_failed',
    );
    const states = expectShape(
      ZChannelStates,
      (await send(ann.auth, 'GET', '/notifications/deliveries')).json(),
    );
    expect(states.items.map((item) => [item.channel, item.configured])).toEqual([
      ['in_app', true],
      ['email', true],
      ['push', false],
      ['webhook', false],
    ]);
  });
});

describe('deliveries and retries', () => {
  it('posts every notification to the webhook, signed, as push gets it', async () => {
    const ann = await buildUser(app());
    const { secret } = await saveWebhook(ann, { url: `${receiver.url}/real` });
    await tellSomething(ann);
    await app().notifications.deliver();
    const request = receiver.received.at(-1)!;
    expect(request.url).toBe('/real');
    verify(secret!, request);
    const body = JSON.parse(request.body.toString());
    expect(body).toMatchObject({
      event: 'notification',
      kind: 'expense_added',
      link: 'https://household.example/expenses',
    });
    expect(body.id).toBeTypeOf('number');
    expect((await lastWebhookDelivery(ann)).last).toMatchObject({
      status: 'sent',
      is_test: false,
      attempts: 1,
    });
  });

  it('retries a failing endpoint with back-off, and a later success clears the error', async () => {
    const ann = await buildUser(app());
    const port = await closedPort();
    await saveWebhook(ann, { url: `http://127.0.0.1:${port}/hook` });
    await tellSomething(ann);
    const start = new Date(Date.now() + 60_000);
    await app().notifications.deliver(start);
    const failed = (await lastWebhookDelivery(ann)).last!;
    expect(failed).toMatchObject({ status: 'retrying', attempts: 1, error: 'connection refused' });
    expect(new Date(failed.next_attempt_at!).getTime()).toBe(start.getTime() + 60_000);

    // Not yet due: nothing happens.
    await app().notifications.deliver(new Date(start.getTime() + 30_000));
    expect((await lastWebhookDelivery(ann)).last).toMatchObject({ attempts: 1 });

    await saveWebhook(ann, { url: `${receiver.url}/back` });
    await app().notifications.deliver(new Date(start.getTime() + 61_000));
    expect((await lastWebhookDelivery(ann)).last).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
      next_attempt_at: null,
    });
    expect(receiver.received.at(-1)!.url).toBe('/back');
  });

  it('gives up after the fifth attempt and keeps the failure visible', async () => {
    const ann = await buildUser(app());
    receiver.status = 500;
    try {
      await saveWebhook(ann, { url: `${receiver.url}/down` });
      await tellSomething(ann);
      let at = new Date(Date.now() + 60_000);
      await app().notifications.deliver(at);
      for (let attempt = 1; attempt < 5; attempt += 1) {
        const last = (await lastWebhookDelivery(ann)).last!;
        expect(last).toMatchObject({ status: 'retrying', attempts: attempt, error: 'HTTP 500' });
        at = new Date(last.next_attempt_at!);
        await app().notifications.deliver(at);
      }
      expect((await lastWebhookDelivery(ann)).last).toMatchObject({
        status: 'failed',
        attempts: 5,
        error: 'HTTP 500',
        next_attempt_at: null,
      });
    } finally {
      receiver.status = 200;
    }
  });
});

describe('quiet hours', () => {
  it('holds webhook deliveries until the quiet hours end, in the person zone', async () => {
    const ann = await buildUser(app());
    await saveWebhook(ann, { url: `${receiver.url}/quiet` });
    // Quiet from now (in Berlin) for two hours.
    const now = new Date(Date.now() + 60_000);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const start = local.format(new Date(now.getTime() - 60_000));
    const end = local.format(new Date(now.getTime() + 2 * 60 * 60_000));
    const saved = await send(ann.auth, 'PUT', '/notifications/settings', {
      time_zone: 'Europe/Berlin',
      quiet_hours_start: start,
      quiet_hours_end: end,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ quiet_hours_start: start, quiet_hours_end: end });

    const before = receiver.received.length;
    await tellSomething(ann);
    await app().notifications.deliver(now);
    expect(receiver.received.length).toBe(before);
    // The bell has it at once.
    expect((await send(ann.auth, 'GET', '/notifications')).json().unread_count).toBe(1);

    const after = new Date(now.getTime() + 2 * 60 * 60_000 + 60_000);
    await app().notifications.deliver(after);
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.url).toBe('/quiet');
  });

  it('takes both times or neither', async () => {
    const ann = await buildUser(app());
    for (const body of [
      { quiet_hours_start: '22:00' },
      { quiet_hours_start: '22:00', quiet_hours_end: null },
      { quiet_hours_start: '22:00', quiet_hours_end: '22:00' },
      { quiet_hours_start: '25:00', quiet_hours_end: '07:00' },
    ]) {
      const response = await send(ann.auth, 'PUT', '/notifications/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const wrap = await send(ann.auth, 'PUT', '/notifications/settings', {
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:00',
    });
    expect(wrap.json()).toMatchObject({ quiet_hours_start: '22:00', quiet_hours_end: '07:00' });
    const off = await send(ann.auth, 'PUT', '/notifications/settings', {
      quiet_hours_start: null,
      quiet_hours_end: null,
    });
    expect(off.json()).toMatchObject({ quiet_hours_start: null, quiet_hours_end: null });
  });
});
