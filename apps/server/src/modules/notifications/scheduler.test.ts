import { ZNotificationPage, type NotificationPage } from '@household/contracts';
import { todayIn } from '@household/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { expectShape } from '../../../test/support/assertions';
import { addMember, buildGroup, buildUser, type TestUser } from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import {
  browserKeys,
  localPushService,
  notificationApps,
  type NotificationApps,
} from '../../../test/support/notifications';
import { localClock, withinDigestWindow } from './scheduled';

/** Two app instances on one database, as two server processes behind a load balancer. */
let harness: NotificationApps;
const first = (): App => harness.apps[0]!;
const second = (): App => harness.apps[1]!;
const send = sender(first);

beforeAll(async () => {
  harness = await notificationApps(2);
});
afterAll(async () => {
  await harness?.close();
});

async function page(user: TestUser): Promise<NotificationPage> {
  const response = await send(user.auth, 'GET', '/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZNotificationPage, response.json());
}

/** Today's date (UTC) at hh:mm UTC. */
function todayAt(time: string): Date {
  return new Date(`${todayIn('UTC')}T${time}:00.000Z`);
}

/** The instant at which the clock in `zone` shows `time` on `day`. */
function localInstant(day: string, time: string, zone: string): Date {
  const guess = new Date(`${day}T${time}:00.000Z`);
  const shown = localClock(guess, zone);
  const offset = new Date(`${shown.day}T${shown.time}:00.000Z`).getTime() - guess.getTime();
  return new Date(guess.getTime() - offset);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function groupChore(by: TestUser, groupId: number, name: string, dueDate: string) {
  const response = await send(by.auth, 'POST', '/chores', {
    name,
    type: 'group',
    group_id: groupId,
    due_date: dueDate,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

async function assign(by: TestUser, choreId: number, user: TestUser, dueDate: string) {
  const response = await send(by.auth, 'POST', `/chores/${choreId}/assignments`, {
    user_id: user.user.id,
    due_date: dueDate,
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('withinDigestWindow', () => {
  it('holds for the hour from the reminder time', () => {
    expect(withinDigestWindow('07:59', '08:00')).toBe(false);
    expect(withinDigestWindow('08:00', '08:00')).toBe(true);
    expect(withinDigestWindow('08:59', '08:00')).toBe(true);
    expect(withinDigestWindow('09:00', '08:00')).toBe(false);
    expect(withinDigestWindow('00:10', '23:30')).toBe(false);
  });
});

describe('localClock', () => {
  it('reads the day and time in a zone', () => {
    const instant = new Date('2030-03-10T23:30:00.000Z');
    expect(localClock(instant, 'UTC')).toEqual({ day: '2030-03-10', time: '23:30' });
    expect(localClock(instant, 'Europe/Berlin')).toEqual({ day: '2030-03-11', time: '00:30' });
    expect(localClock(instant, 'America/New_York')).toEqual({ day: '2030-03-10', time: '19:30' });
  });
});

describe('chore reminders', () => {
  it('remind once per chore and day at the reminder time, however many processes tick', async () => {
    const push = await localPushService();
    try {
      const ann = await buildUser(first(), { name: 'Ann' });
      const ben = await buildUser(first(), { name: 'Ben' });
      const group = await buildGroup(first(), ann, { name: 'Flat' });
      await addMember(first(), group, ben);
      await send(ben.auth, 'PUT', '/notifications/settings', {
        reminder_time: '08:00',
        time_zone: 'UTC',
      });
      await send(ben.auth, 'POST', '/push/subscriptions', {
        endpoint: `${push.url}/send/ben`,
        keys: await browserKeys(),
      });
      const today = todayIn('UTC');
      const dishes = await groupChore(ann, group.id, 'Dishes', today);
      const bins = await groupChore(ann, group.id, 'Bins', addDays(today, -2));
      const later = await groupChore(ann, group.id, 'Windows', addDays(today, 3));
      await assign(ann, dishes.id, ben, today);
      await assign(ann, bins.id, ben, addDays(today, -2));
      await assign(ann, later.id, ben, addDays(today, 3));
      await send(ben.auth, 'POST', '/notifications/read-all');
      await first().notifications.idle();
      push.received.length = 0;

      // Before the reminder time: nothing.
      await Promise.all([
        first().notifications.tick(todayAt('07:59')),
        second().notifications.tick(todayAt('07:59')),
      ]);
      expect((await page(ben)).unread_count).toBe(0);

      // The 08:00 tick on both processes at once, and again a minute later.
      await Promise.all([
        first().notifications.tick(todayAt('08:00')),
        second().notifications.tick(todayAt('08:00')),
      ]);
      await Promise.all([
        first().notifications.tick(todayAt('08:01')),
        second().notifications.tick(todayAt('08:01')),
      ]);
      await Promise.all([first().notifications.idle(), second().notifications.idle()]);

      const unread = (await page(ben)).items.filter((item) => item.read_at === null);
      expect(unread.map((item) => [item.kind, item.data.chore_name]).sort()).toEqual([
        ['chore_due', 'Dishes'],
        ['chore_overdue', 'Bins'],
      ]);
      expect(unread.find((item) => item.kind === 'chore_overdue')!.data.due_date).toBe(
        addDays(today, -2),
      );
      expect(push.received).toHaveLength(2);
      // Ann has no chores: no reminder.
      expect((await page(ann)).items.filter((item) => item.kind.startsWith('chore_'))).toEqual([]);
    } finally {
      await push.close();
    }
  });

  it("remind each person at their reminder time in their own zone, not at another's", async () => {
    const ann = await buildUser(first(), { name: 'Ann' });
    const bea = await buildUser(first(), { name: 'Bea Berlin' });
    const nia = await buildUser(first(), { name: 'Nia New York' });
    const group = await buildGroup(first(), ann, { name: 'Two zones' });
    await addMember(first(), group, bea);
    await addMember(first(), group, nia);
    for (const [person, zone] of [
      [bea, 'Europe/Berlin'],
      [nia, 'America/New_York'],
    ] as const) {
      const saved = await send(person.auth, 'PUT', '/notifications/settings', {
        reminder_time: '08:00',
        time_zone: zone,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // A day ahead, so that it is the same calendar day at 08:00 in both zones and still to come.
    const day = addDays(todayIn('UTC'), 2);
    const chore = await groupChore(ann, group.id, 'Stairs', day);
    await assign(ann, chore.id, bea, day);
    const other = await groupChore(ann, group.id, 'Plants', day);
    await assign(ann, other.id, nia, day);
    await send(bea.auth, 'POST', '/notifications/read-all');
    await send(nia.auth, 'POST', '/notifications/read-all');
    await first().notifications.idle();

    const reminders = async (person: TestUser) =>
      (await page(person)).items
        .filter((item) => item.read_at === null && item.kind === 'chore_due')
        .map((item) => item.data.chore_name);
    const tickAt = async (instant: Date) => {
      await Promise.all([
        first().notifications.tick(instant),
        second().notifications.tick(instant),
      ]);
      await Promise.all([first().notifications.idle(), second().notifications.idle()]);
    };
    const berlinEight = localInstant(day, '08:00', 'Europe/Berlin');
    const newYorkEight = localInstant(day, '08:00', 'America/New_York');
    expect(newYorkEight.getTime()).toBeGreaterThan(berlinEight.getTime() + 4 * 3_600_000);

    await tickAt(new Date(berlinEight.getTime() - 60_000));
    expect(await reminders(bea)).toEqual([]);
    expect(await reminders(nia)).toEqual([]);

    // 08:00 in Berlin is 02:00 in New York: Bea is reminded, Nia not yet.
    await tickAt(berlinEight);
    expect(await reminders(bea)).toEqual(['Stairs']);
    expect(await reminders(nia)).toEqual([]);

    await tickAt(new Date(newYorkEight.getTime() - 60_000));
    expect(await reminders(nia)).toEqual([]);

    await tickAt(newYorkEight);
    expect(await reminders(nia)).toEqual(['Plants']);
    expect(await reminders(bea)).toEqual(['Stairs']);
  });

  it('remind nobody who switched the kind off', async () => {
    const ann = await buildUser(first(), { name: 'Ann' });
    const ben = await buildUser(first(), { name: 'Ben' });
    const group = await buildGroup(first(), ann);
    await addMember(first(), group, ben);
    await send(ben.auth, 'PUT', '/notifications/settings', {
      kinds: { chore_due: false, chore_assigned: false },
      reminder_time: '06:00',
      time_zone: 'UTC',
    });
    const today = todayIn('UTC');
    const chore = await groupChore(ann, group.id, 'Laundry', today);
    await assign(ann, chore.id, ben, today);
    await first().notifications.tick(todayAt('09:00'));
    expect((await page(ben)).items).toEqual([]);
  });
});

describe('email', () => {
  it('gathers the day into one digest mail at the reminder time, once', async () => {
    const ann = await buildUser(first(), { name: 'Ann' });
    const ben = await buildUser(first(), { name: 'Ben' });
    const group = await buildGroup(first(), ann, { name: 'Flat' });
    await addMember(first(), group, ben);
    // The reminder time of a zone where it is morning already: the tick below is "now".
    const now = new Date();
    const local = localClock(now, 'UTC');
    await send(ben.auth, 'PUT', '/notifications/settings', {
      email_digest: 'daily',
      reminder_time: local.time,
      time_zone: 'UTC',
    });
    for (const description of ['Pizza', 'Cinema', 'Taxi']) {
      const response = await send(ann.auth, 'POST', '/expenses', {
        group_id: group.id,
        description,
        amount_cents: 1800,
        date: todayIn('UTC'),
        split: { type: 'equal', participants: [ann.user.id, ben.user.id] },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await first().notifications.idle();
    const mailsTo = () =>
      harness.mailer.notificationMails().filter((mail) => mail.to === ben.email);
    expect(mailsTo()).toEqual([]);

    // An hour and more after the reminder time, today's digest is not sent any more.
    await first().notifications.tick(new Date(now.getTime() + 61 * 60_000));
    expect(mailsTo()).toEqual([]);
    await Promise.all([first().notifications.tick(now), second().notifications.tick(now)]);
    await first().notifications.tick(new Date(now.getTime() + 60_000));
    const mails = mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your household today: 3 updates');
    for (const description of ['Pizza', 'Cinema', 'Taxi']) {
      expect(mails[0]!.text).toContain(description);
    }
    expect(mails[0]!.text).toContain(`https://household.example/groups/${group.id}/expenses`);
    expect(mails[0]!.headers!['List-Unsubscribe']).toMatch(/^<https:\/\/household\.example\//);
    expect(harness.mailer.notificationMails().filter((mail) => mail.to === ann.email)).toEqual([]);
  });

  it('mails each notification at once for instant mail, in the recipient language, and none when email is off', async () => {
    const ann = await buildUser(first(), { name: 'Ann' });
    const ben = await buildUser(first(), { name: 'Ben' });
    const cat = await buildUser(first(), { name: 'Cat' });
    const group = await buildGroup(first(), ann, { name: 'WG' });
    await addMember(first(), group, ben);
    await addMember(first(), group, cat);
    await send(ben.auth, 'PUT', '/notifications/settings', { email_digest: 'instant' });
    await send(ben.auth, 'PATCH', '/users/me', { locale: 'de' });
    await send(cat.auth, 'PUT', '/notifications/settings', { email_digest: 'instant' });
    await send(cat.auth, 'PUT', '/users/notifications', { email_notifications: false });
    for (const cents of [1000, 2000]) {
      await send(ann.auth, 'POST', '/expenses', {
        group_id: group.id,
        description: 'Brot',
        amount_cents: cents,
        date: todayIn('UTC'),
        split: { type: 'equal', participants: [ann.user.id, ben.user.id, cat.user.id] },
      });
    }
    await first().notifications.idle();
    const toBen = harness.mailer.notificationMails().filter((mail) => mail.to === ben.email);
    expect(toBen).toHaveLength(2);
    expect(toBen[0]!.subject).toBe('Neue Ausgabe in WG');
    expect(toBen[0]!.text).toContain('Ann hat Brot (10,00');
    expect(harness.mailer.notificationMails().filter((mail) => mail.to === cat.email)).toEqual([]);
    // Cat still sees them in the app.
    const catPage = await sender(first)(cat.auth, 'GET', '/notifications');
    expect(catPage.json<NotificationPage>().items).toHaveLength(2);
  });
});
