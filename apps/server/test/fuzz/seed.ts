import { createECDH, randomBytes } from 'node:crypto';
import {
  OCR_FINAL_STATES,
  ZAssignment,
  ZCategory,
  ZChore,
  ZChoreSwap,
  ZExpense,
  ZExpenseSeries,
  ZInvitation,
  ZInviteCode,
  ZNotificationPage,
  ZOcrJob,
  ZPushDevice,
  ZSettlement,
  ZTimeEntry,
} from '@household/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import type { App } from '../../src/app';
import { loadJwtSecret } from '../../src/lib/secrets';
import {
  addItem,
  addMember,
  buildGroup,
  buildList,
  buildUser,
  freshSession,
  type TestUser,
} from '../support/factories';
import { multipartUpload } from '../support/requests';
import type { TestApp } from '../support/test-app';
import type { ResourceKind } from './openapi';
import type { Credentials } from './requests';
import type { ForgedTokenName } from './values';

export type ResourcePool = Partial<Record<ResourceKind, (number | string)[]>>;

export interface Account extends TestUser {
  credentials: Credentials;
}

/**
 * The people of a fuzz run. The member (A) has a group, lists with items, categories and an
 * invitation; the outsider (B) has their own and shares nothing with A; the invitee (C) is whom
 * the invitations are for.
 */
export interface World {
  member: Account;
  outsider: Account;
  invitee: TestUser;
  /** Everything of the member's seeded before the run: named by B in phase 1, A's canary in phase 2. */
  memberResources: ResourcePool;
  /** Text that only the member's data holds: no answer to the outsider may contain it. */
  memberMarkers: string[];
}

/**
 * The fuzzed app runs no scheduled job: a reminder due at the seeded chores' date (the first run
 * after 08:00 on the day, then each day while overdue) would change the member's notifications
 * between a phase's snapshots, and fail the gate by the time of day.
 */
export const FUZZ_APP_OPTIONS = { runScheduler: false };

export async function seedWorld(testApp: TestApp): Promise<World> {
  const { app } = testApp;
  const marker = `Marker${randomBytes(6).toString('hex')}`;
  const member = await buildUser(app, { name: `Member ${marker}` });
  const outsider = await buildUser(app, { name: 'Outsider' });
  const invitee = await buildUser(app, { name: 'Invitee' });
  return {
    member: { ...member, credentials: await credentialsFor(testApp, member) },
    outsider: { ...outsider, credentials: await credentialsFor(testApp, outsider) },
    invitee,
    memberResources: await seedResources(app, member, invitee, marker),
    memberMarkers: [marker, member.email],
  };
}

/**
 * One of everything a person owns: a group with its invite code, a group list with an item and
 * a category, a personal list with an item and a category, an archived list, an invitation, a
 * group expense shared with a housemate (its splits), a payment from the housemate, a
 * personal expense, a weekly group chore assigned to the housemate with a time entry and a
 * request to swap it, and a personal chore.
 * `label` starts every name, so a leak of these names is easy to spot.
 */
export async function seedResources(
  app: App,
  owner: TestUser,
  invitee: TestUser,
  label: string,
): Promise<ResourcePool> {
  const testGroup = await buildGroup(app, owner, {
    name: `${label} group`,
    description: `${label} description`,
  });
  const { group } = testGroup;
  const groupCategory = await createCategory(app, owner, `${label} fresh`, group.id);
  const housemate = await buildUser(app, { name: `${label} housemate` });
  await addMember(app, testGroup, housemate);
  const groupList = await buildList(app, owner, { name: `${label} list`, group_id: group.id });
  const milk = await addItem(app, owner, groupList.id, {
    name: `${label} milk`,
    quantity: 2,
    unit: 'l',
    price_cents: 250,
    category_id: groupCategory,
  });
  const personalList = await buildList(app, owner, { name: `${label} personal` });
  const personalCategory = await createCategory(app, owner, `${label} own`, null);
  const soap = await addItem(app, owner, personalList.id, {
    name: `${label} soap`,
    category_id: personalCategory,
  });
  const archivedList = await buildList(app, owner, { name: `${label} old`, group_id: group.id });
  await expectOk(
    app.inject({
      method: 'POST',
      url: `/api/v1/lists/${archivedList.id}/archive`,
      headers: owner.auth,
    }),
  );
  const invitation = ZInvitation.parse(
    await expectOk(
      app.inject({
        method: 'POST',
        url: '/api/v1/invites',
        headers: owner.auth,
        payload: { group_id: group.id, email: invitee.email },
      }),
    ),
  );
  const { code } = ZInviteCode.parse(
    await expectOk(
      app.inject({
        method: 'POST',
        url: `/api/v1/groups/${group.id}/invites`,
        headers: owner.auth,
      }),
    ),
  );
  const money = await seedMoney(app, owner, housemate, {
    groupId: group.id,
    listId: groupList.id,
    label,
  });
  const chores = await seedChores(app, owner, housemate, { groupId: group.id, label });
  const photoJob = await seedPhotoJob(app, owner, personalList.id);
  const notifications = await seedNotifications(app, owner, label);
  return {
    group: [group.id],
    list: [groupList.id, personalList.id, archivedList.id],
    item: [milk.id, soap.id],
    category: [groupCategory, personalCategory],
    invitation: [invitation.id],
    user: [owner.user.id],
    code: [code],
    ...money,
    ...chores,
    ocr_job: [photoJob],
    ...notifications,
  };
}

/**
 * The newest of the owner's notifications (the housemate's payment makes one) and a push
 * subscription. Its endpoint is a closed local port: pushes to it fail at once, and change
 * nothing a snapshot reads. A device is a sensitive change: the owner's first login is minutes
 * old by the time a slow machine's run gets here (FRESH_LOGIN_MS), and the run's wrong passwords
 * have slowed logins to the account from anywhere but its own browser, so it signs in anew there.
 */
async function seedNotifications(app: App, owner: TestUser, label: string): Promise<ResourcePool> {
  const page = ZNotificationPage.parse(
    await expectOk(
      app.inject({ method: 'GET', url: '/api/v1/notifications?limit=1', headers: owner.auth }),
    ),
  );
  // None when the fuzzed account operations switched the owner's notifications off.
  const newest = page.items[0];
  const device = ZPushDevice.parse(
    await expectOk(
      app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: await freshSession(app, owner),
        payload: {
          endpoint: `https://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
          keys: await pushKeys(),
          label: `${label} phone`,
        },
      }),
    ),
  );
  return { notification: newest ? [newest.id] : [], push_subscription: [device.id] };
}

/** Keys as a browser's PushSubscription has them: a P-256 public key and a 16-byte secret. */
async function pushKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * A photo of a blank page read to its end (no items): a job whose state no longer changes, so
 * that reads of it compare byte for byte across a phase.
 */
async function seedPhotoJob(app: App, owner: TestUser, listId: number): Promise<number> {
  const photo = await sharp({
    create: { width: 200, height: 120, channels: 3, background: '#fff' },
  })
    .png()
    .toBuffer();
  const { payload, contentType } = await multipartUpload([
    { field: 'list_id', text: String(listId) },
    { bytes: photo, filename: 'blank.png', type: 'image/png' },
  ]);
  const job = ZOcrJob.parse(
    await expectOk(
      app.inject({
        method: 'POST',
        url: '/api/v1/ocr/extract-items',
        headers: { ...owner.auth, 'content-type': contentType },
        payload,
      }),
    ),
  );
  for (;;) {
    const status = ZOcrJob.parse(
      await expectOk(
        app.inject({ method: 'GET', url: `/api/v1/ocr/status/${job.id}`, headers: owner.auth }),
      ),
    );
    if (OCR_FINAL_STATES.includes(status.state)) return job.id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function seedChores(
  app: App,
  owner: TestUser,
  housemate: TestUser,
  { groupId, label }: { groupId: number; label: string },
): Promise<ResourcePool> {
  const post = async (by: TestUser, url: string, payload: object) =>
    expectOk(app.inject({ method: 'POST', url: `/api/v1${url}`, headers: by.auth, payload }));
  const shared = ZChore.parse(
    await post(owner, '/chores', {
      name: `${label} bins`,
      type: 'group',
      group_id: groupId,
      frequency: 'weekly',
      due_date: '2026-11-30',
      effort: 2,
    }),
  );
  const turn = ZAssignment.parse(
    await post(owner, `/chores/${shared.id}/assignments`, { user_id: housemate.user.id }),
  );
  const entry = ZTimeEntry.parse(
    await post(housemate, `/chores/assignments/${turn.id}/time-entries`, {
      minutes: 15,
      note: `${label} quick`,
    }),
  );
  const personal = ZChore.parse(
    await post(owner, '/chores', { name: `${label} plants`, due_date: '2026-12-01' }),
  );
  // The housemate asks the owner to take the turn: a swap waiting for the owner's answer.
  const swap = ZChoreSwap.parse(
    await post(housemate, `/chores/assignments/${turn.id}/swaps`, {
      to_user_id: owner.user.id,
      note: `${label} swap`,
    }),
  );
  return {
    chore: [shared.id, personal.id],
    assignment: [turn.id],
    time_entry: [entry.id],
    chore_swap: [swap.id],
  };
}

/**
 * A shared expense of the list (the owner paid, both share it), the housemate's payment, a
 * personal expense, and a monthly bill of the group that starts next year (it makes nothing
 * during a run, so reads of it stay the same).
 */
async function seedMoney(
  app: App,
  owner: TestUser,
  housemate: TestUser,
  { groupId, listId, label }: { groupId: number; listId: number; label: string },
): Promise<ResourcePool> {
  const post = async (by: TestUser, url: string, payload: object) =>
    expectOk(app.inject({ method: 'POST', url: `/api/v1${url}`, headers: by.auth, payload }));
  const shared = ZExpense.parse(
    await post(owner, '/expenses', {
      group_id: groupId,
      list_id: listId,
      description: `${label} groceries`,
      date: '2026-11-20',
      amount_cents: 3001,
      split: { type: 'equal', participants: [owner.user.id, housemate.user.id] },
    }),
  );
  const payment = ZSettlement.parse(
    await post(housemate, '/settlements', {
      group_id: groupId,
      to_id: owner.user.id,
      amount_cents: 500,
      note: `${label} cash`,
    }),
  );
  const personal = ZExpense.parse(
    await post(owner, '/expenses', {
      description: `${label} haircut`,
      date: '2026-11-21',
      amount_cents: 1800,
    }),
  );
  const bill = ZExpenseSeries.parse(
    await post(owner, '/expense-series', {
      group_id: groupId,
      description: `${label} rent`,
      amount_cents: 50000,
      split: { type: 'equal', participants: [owner.user.id, housemate.user.id] },
      rule: { frequency: 'monthly', start_date: `${new Date().getUTCFullYear() + 1}-01-01` },
    }),
  );
  return {
    expense: [shared.id, personal.id],
    expense_series: [bill.id],
    split: shared.splits.map((split) => split.id),
    settlement: [payment.id],
  };
}

/**
 * A fresh category, or, once the owner has as many personal ones as anyone may (every writing
 * operation reseeds, and the document keeps growing), the newest personal one they have.
 */
async function createCategory(app: App, owner: TestUser, name: string, groupId: number | null) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/categories',
    headers: owner.auth,
    payload: { name, group_id: groupId },
  });
  if (created.statusCode === 409 && groupId === null) {
    const listed = await expectOk(
      app.inject({ method: 'GET', url: '/api/v1/categories', headers: owner.auth }),
    );
    const own = ZCategory.array()
      .parse(listed)
      .filter((category) => category.group_id === null);
    return Math.max(...own.map((category) => category.id));
  }
  return ZCategory.parse(await expectOk(Promise.resolve(created))).id;
}

async function expectOk(pending: Promise<LightMyRequestResponse>): Promise<unknown> {
  const response = await pending;
  if (response.statusCode >= 300) {
    throw new Error(`seeding failed: ${response.statusCode} ${response.body}`);
  }
  return response.body ? response.json() : null;
}

/**
 * The caller's real token and tokens with hostile claims. Most are signed with the app's own key,
 * so they pass the signature check and reach the claim checks behind it.
 */
export async function credentialsFor(testApp: TestApp, account: TestUser): Promise<Credentials> {
  const key = loadJwtSecret(testApp.config.jwtSecret, testApp.config.dataDir);
  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, signingKey: Uint8Array = key) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(signingKey);
  const sub = String(account.user.id);
  const unsigned = [
    { alg: 'none', typ: 'JWT' },
    { sub, sid: 'fuzz', iat: now, exp: now + 3600 },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.');
  const forged: Record<ForgedTokenName, string> = {
    'alg-none': `${unsigned}.`,
    'other-key': await sign({ sub, sid: 'fuzz' }, randomBytes(32)),
    'sub-int4-overflow': await sign({ sub: '2147483648', sid: 'fuzz' }),
    'sub-text': await sign({ sub: 'admin', sid: 'fuzz' }),
    expired: await new SignJWT({ sub, sid: 'fuzz' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(key),
    'no-session': await sign({ sub }),
  };
  return { token: account.tokens.access_token, forged };
}
