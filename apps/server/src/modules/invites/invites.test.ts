import {
  ZActivityPage,
  ZGroup,
  ZInvitation,
  ZJoinGroupResult,
  type ActivityEntry,
  type Invitation,
} from '@household/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import {
  addMember,
  buildGroup,
  buildGuest,
  buildUser,
  type TestGroup,
  type TestUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { verifyEmail } from '../../../test/support/verified-email';
import { sender, type Auth, ISO_INSTANT } from '../../../test/support/requests';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = sender(() => t.app);

async function activityOf(auth: Auth, groupId: number): Promise<ActivityEntry[]> {
  const response = await send(auth, 'GET', `/groups/${groupId}/activity?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return ZActivityPage.parse(response.json()).items;
}

function invite(inviter: Auth, groupId: number, email: string) {
  return send(inviter, 'POST', '/invites', { group_id: groupId, email });
}

async function sendInvitation(inviter: Auth, groupId: number, invitee: TestUser) {
  const response = await invite(inviter, groupId, invitee.email);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZInvitation, response.json());
}

async function listOf(auth: Auth, url: string): Promise<Invitation[]> {
  const response = await send(auth, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(z.array(ZInvitation), response.json());
}

/** Someone with an account whose address is proven: the one who may answer invitations to it. */
async function buildVerifiedUser(overrides: { name?: string; email?: string } = {}) {
  const person = await buildUser(t.app, overrides);
  await verifyEmail(t.app, t.outbox, person);
  return person;
}

const invitationMailsTo = (email: string) =>
  t.outbox().filter((mail) => mail.to === email && mail.subject.includes('invited'));

const respond = (auth: Auth, action: 'accept' | 'decline' | 'revoke', id: number) =>
  send(auth, 'POST', `/invites/${action}/${id}`);

/** Olivia's group with Adam (admin) and Mia (member), and Ivy (verified), who is not in it. */
async function household(): Promise<{
  group: TestGroup;
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
  invitee: TestUser;
}> {
  const owner = await buildUser(t.app, { name: 'Olivia Owner' });
  const group = await buildGroup(t.app, owner, { name: 'Flat 3B' });
  const admin = await buildUser(t.app, { name: 'Adam Admin' });
  const member = await buildUser(t.app, { name: 'Mia Member' });
  await addMember(t.app, group, admin, 'admin');
  await addMember(t.app, group, member, 'member');
  const invitee = await buildVerifiedUser({ name: 'Ivy Invitee' });
  return { group, owner, admin, member, invitee };
}

describe('inviting someone by email', () => {
  it('any member invites an address; the invitation answers in exactly the documented shape', async () => {
    const { group, owner, member, invitee } = await household();
    const response = await invite(member.auth, group.id, invitee.email);
    expect(response.statusCode, response.body).toBe(201);
    const invitation = expectShape(ZInvitation, response.json());
    expect(invitation).toMatchObject({
      group: { id: group.id, name: 'Flat 3B' },
      inviter: { id: member.user.id, name: 'Mia Member', is_guest: false },
      email: invitee.email.toLowerCase(),
      status: 'pending',
      responded_at: null,
    });
    expect(invitation.created_at).toMatch(ISO_INSTANT);

    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'invitation_sent',
      actor: { id: member.user.id },
      subject: null,
      details: { email: invitee.email.toLowerCase() },
    });
  });

  it('keeps the address lower-cased and trimmed, whatever was typed', async () => {
    const { group, owner, invitee } = await household();
    const response = await invite(owner.auth, group.id, `  ${invitee.email.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ email: invitee.email.toLowerCase() });
    expect(await listOf(invitee.auth, '/invites/pending')).toHaveLength(1);
  });

  it('answers the same for an address with an account and one without: status, keys, no account', async () => {
    const { group, owner, invitee } = await household();
    const known = await invite(owner.auth, group.id, invitee.email);
    const unknown = await invite(owner.auth, group.id, 'nobody-yet@example.test');
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    const keys = (body: Record<string, unknown>) => Object.keys(body).sort();
    expect(keys(known.json())).toEqual(keys(unknown.json()));
    expect(keys(known.json())).toEqual(
      ['created_at', 'email', 'group', 'id', 'inviter', 'responded_at', 'status'].sort(),
    );
    // Nothing of the invitee's account: not its id, name or avatar, anywhere in the answer.
    for (const body of [known.body, unknown.body]) {
      expect(body).not.toContain('invitee');
      expect(body).not.toContain('Ivy Invitee');
      expect(body).not.toContain(`"id":${invitee.user.id},`);
    }
    expect(unknown.json()).toMatchObject({ email: 'nobody-yet@example.test', status: 'pending' });
    const sent = (await activityOf(owner.auth, group.id)).filter(
      (entry) => entry.verb === 'invitation_sent',
    );
    expect(sent.map((entry) => entry.subject)).toEqual([null, null]);
  });

  it('mails the address either way, and notifies the account that proved it', async () => {
    const { group, owner, invitee } = await household();
    await invite(owner.auth, group.id, invitee.email);
    await invite(owner.auth, group.id, 'someone-new@example.test');
    for (const address of [invitee.email, 'someone-new@example.test']) {
      const [mail] = invitationMailsTo(address);
      expect(mail?.text).toContain('Olivia Owner invited you to join “Flat 3B” in Household');
      expect(mail?.text).toContain(`${t.config.publicAppUrl}/groups`);
    }
    const notifications = await send(invitee.auth, 'GET', '/notifications');
    expect(notifications.json()).toMatchObject({
      items: [{ kind: 'invitation', group_id: group.id }],
    });
  });

  it('answers 409 for someone who is a member already', async () => {
    const { group, owner, member } = await household();
    expectProblem(await invite(owner.auth, group.id, member.email), 409, 'conflict');
    expectProblem(await invite(owner.auth, group.id, owner.email), 409, 'conflict');
  });

  it('answers 409 for an address with a pending invitation to the group, and logs nothing', async () => {
    const { group, owner, admin, invitee } = await household();
    await sendInvitation(owner.auth, group.id, invitee);
    const logged = await activityOf(owner.auth, group.id);
    expectProblem(await invite(admin.auth, group.id, invitee.email), 409, 'conflict');
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
    expect(await listOf(invitee.auth, '/invites/pending')).toHaveLength(1);
    // The same for an address no account uses: the conflict tells nothing of accounts.
    await invite(owner.auth, group.id, 'not-yet@example.test');
    expectProblem(await invite(admin.auth, group.id, 'not-yet@example.test'), 409, 'conflict');
  });

  it('of two invitations of the same person sent at once, one is sent and logged', async () => {
    const { group, owner, admin, invitee } = await household();
    const before = await activityOf(owner.auth, group.id);
    const answers = await Promise.all([
      invite(owner.auth, group.id, invitee.email),
      invite(admin.auth, group.id, invitee.email),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const conflict = answers.find((answer) => answer.statusCode === 409)!;
    expectProblem(conflict, 409, 'conflict');
    const sent = (await activityOf(owner.auth, group.id)).filter(
      (entry) => entry.verb === 'invitation_sent',
    );
    expect(sent).toHaveLength(
      before.filter((entry) => entry.verb === 'invitation_sent').length + 1,
    );
    expect(await listOf(invitee.auth, '/invites/pending')).toHaveLength(1);
  });

  it('a person who declined may be invited again', async () => {
    const { group, owner, invitee } = await household();
    const first = await sendInvitation(owner.auth, group.id, invitee);
    expect((await respond(invitee.auth, 'decline', first.id)).statusCode).toBe(200);
    const second = await sendInvitation(owner.auth, group.id, invitee);
    expect(second.id).not.toBe(first.id);
  });

  it('someone outside the group cannot invite into it (404)', async () => {
    const { group, invitee } = await household();
    const outsider = await buildUser(t.app);
    expectProblem(await invite(outsider.auth, group.id, invitee.email), 404, 'not_found');
    expect(await listOf(invitee.auth, '/invites/pending')).toEqual([]);
  });

  it('a guest member may not invite by email (403), and nothing is sent or logged', async () => {
    const { group, owner, invitee } = await household();
    const guest = await buildGuest(t.app);
    const me = (await send(guest.auth, 'GET', '/users/me')).json<{ id: number }>();
    await addMember(t.app, group, { auth: guest.auth, user: me });
    const logged = await activityOf(owner.auth, group.id);
    const refused = await invite(guest.auth, group.id, invitee.email);
    expectProblem(refused, 403, 'forbidden');
    expect(refused.json().detail).toBe(
      'A guest cannot invite by email; create an account to invite people',
    );
    // Not even whether the address has an account: the same answer for an unknown one.
    expectProblem(await invite(guest.auth, group.id, 'nobody@example.test'), 403, 'forbidden');
    expect(await listOf(invitee.auth, '/invites/pending')).toEqual([]);
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
  });

  describe('refuses bad input with 400 naming the field', () => {
    const cases: [string, string, unknown][] = [
      ['a missing email', 'email', { group_id: 1 }],
      ['an email without @', 'email', { group_id: 1, email: 'not-an-email' }],
      ['an empty email', 'email', { group_id: 1, email: '' }],
      ['a missing group', 'group_id', { email: 'someone@example.test' }],
      ['a group id of zero', 'group_id', { group_id: 0, email: 'someone@example.test' }],
      ['a group id that is a word', 'group_id', { group_id: 'flat', email: 'a@example.test' }],
    ];
    it.each(cases)('%s', async (_label, path, body) => {
      const alex = await buildUser(t.app);
      expectInvalidField(await send(alex.auth, 'POST', '/invites', body), path);
    });
  });
});

describe('reading invitations', () => {
  it('the invitee sees their pending invitations only', async () => {
    const { group, owner, invitee } = await household();
    const other = await buildGroup(t.app, owner, { name: 'Holiday house' });
    const first = await sendInvitation(owner.auth, group.id, invitee);
    const second = await sendInvitation(owner.auth, other.id, invitee);
    expect((await listOf(invitee.auth, '/invites/pending')).map((i) => i.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    await respond(invitee.auth, 'decline', first.id);
    expect((await listOf(invitee.auth, '/invites/pending')).map((i) => i.id)).toEqual([second.id]);
    expect(await listOf(owner.auth, '/invites/pending')).toEqual([]);
  });

  it('the inviter sees what they sent, newest first, whatever became of it', async () => {
    const { group, owner, invitee } = await household();
    const later = await buildVerifiedUser();
    const first = await sendInvitation(owner.auth, group.id, invitee);
    const second = await sendInvitation(owner.auth, group.id, later);
    await respond(invitee.auth, 'accept', first.id);
    const sent = await listOf(owner.auth, '/invites/sent');
    expect(sent.map((i) => [i.id, i.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'accepted'],
    ]);
    expect(await listOf(invitee.auth, '/invites/sent')).toEqual([]);
  });

  it('members see the group’s pending invitations, whoever sent them', async () => {
    const { group, owner, admin, member, invitee } = await household();
    const other = await buildVerifiedUser();
    const mine = await sendInvitation(member.auth, group.id, invitee);
    const theirs = await sendInvitation(admin.auth, group.id, other);
    await respond(other.auth, 'decline', theirs.id);
    for (const person of [owner, admin, member]) {
      const pending = await listOf(person.auth, `/invites?group_id=${group.id}`);
      expect(pending.map((i) => i.id)).toEqual([mine.id]);
    }
  });

  it('the group’s invitations stay hidden from someone outside it (404)', async () => {
    const { group, owner, invitee } = await household();
    await sendInvitation(owner.auth, group.id, invitee);
    // Even the invitee is not in the group yet.
    for (const person of [invitee, await buildUser(t.app)]) {
      expectProblem(
        await send(person.auth, 'GET', `/invites?group_id=${group.id}`),
        404,
        'not_found',
      );
    }
  });

  it.each(['', '?group_id=abc', '?group_id=0'])(
    'GET /invites%s is refused as bad input naming group_id',
    async (query) => {
      const alex = await buildUser(t.app);
      expectInvalidField(await send(alex.auth, 'GET', `/invites${query}`), 'group_id');
    },
  );

  it('one invitation is visible to the invitee and to members, and 404 to anyone else', async () => {
    const { group, owner, member, invitee } = await household();
    const invitation = await sendInvitation(owner.auth, group.id, invitee);
    for (const person of [invitee, owner, member]) {
      const response = await send(person.auth, 'GET', `/invites/${invitation.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(expectShape(ZInvitation, response.json())).toEqual(invitation);
    }
    const outsider = await buildUser(t.app);
    expectProblem(await send(outsider.auth, 'GET', `/invites/${invitation.id}`), 404, 'not_found');
    expectProblem(await send(outsider.auth, 'GET', '/invites/2000000000'), 404, 'not_found');
  });

  it('an invitation id that is not a number names nothing: 404', async () => {
    const alex = await buildUser(t.app);
    expectProblem(await send(alex.auth, 'GET', '/invites/abc'), 404, 'not_found');
  });
});

describe('answering an invitation', () => {
  it('accepting joins the group, marks the invitation accepted and logs the joining', async () => {
    const { group, owner, invitee } = await household();
    const invitation = await sendInvitation(owner.auth, group.id, invitee);
    const response = await respond(invitee.auth, 'accept', invitation.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(ZJoinGroupResult, response.json())).toMatchObject({
      joined: true,
      group: { id: group.id, my_role: 'member', member_count: 4 },
    });
    const seen = ZGroup.parse((await send(invitee.auth, 'GET', `/groups/${group.id}`)).json());
    expect(seen.my_role).toBe('member');

    const after = ZInvitation.parse(
      (await send(owner.auth, 'GET', `/invites/${invitation.id}`)).json(),
    );
    expect(after.status).toBe('accepted');
    expect(after.responded_at).toMatch(ISO_INSTANT);
    expect(await listOf(invitee.auth, '/invites/pending')).toEqual([]);
    expect(await listOf(owner.auth, `/invites?group_id=${group.id}`)).toEqual([]);

    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'member_joined',
      actor: { id: invitee.user.id },
      subject: { id: invitee.user.id },
      details: { via: 'invitation' },
    });
  });

  it('declining keeps the invitee out, marks the invitation declined and logs it', async () => {
    const { group, owner, invitee } = await household();
    const invitation = await sendInvitation(owner.auth, group.id, invitee);
    const response = await respond(invitee.auth, 'decline', invitation.id);
    expect(response.statusCode, response.body).toBe(200);
    const declined = expectShape(ZInvitation, response.json());
    expect(declined).toMatchObject({ id: invitation.id, status: 'declined' });
    expect(declined.responded_at).toMatch(ISO_INSTANT);
    expectProblem(await send(invitee.auth, 'GET', `/groups/${group.id}`), 404, 'not_found');
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'invitation_declined',
      actor: { id: invitee.user.id },
      subject: { id: invitee.user.id },
    });
  });

  it('accepting twice at once joins once, with one activity entry', async () => {
    const { group, owner, invitee } = await household();
    const invitation = await sendInvitation(owner.auth, group.id, invitee);
    const answers = await Promise.all([
      respond(invitee.auth, 'accept', invitation.id),
      respond(invitee.auth, 'accept', invitation.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const joinings = (await activityOf(owner.auth, group.id)).filter(
      (entry) => entry.verb === 'member_joined' && entry.subject?.id === invitee.user.id,
    );
    expect(joinings).toHaveLength(1);
  });
});

describe('an invitation waits for whoever proves the address', () => {
  it('an account whose address is not verified sees nothing and cannot answer, until it verifies', async () => {
    const { group, owner } = await household();
    const unproven = await buildUser(t.app, { name: 'Una Unverified' });
    const invitation = expectShape(
      ZInvitation,
      (await invite(owner.auth, group.id, unproven.email)).json(),
    );
    expect(await listOf(unproven.auth, '/invites/pending')).toEqual([]);
    expectProblem(await send(unproven.auth, 'GET', `/invites/${invitation.id}`), 404, 'not_found');
    expectProblem(await respond(unproven.auth, 'accept', invitation.id), 404, 'not_found');

    await verifyEmail(t.app, t.outbox, unproven);
    expect((await listOf(unproven.auth, '/invites/pending')).map((i) => i.id)).toEqual([
      invitation.id,
    ]);
    expect((await respond(unproven.auth, 'accept', invitation.id)).statusCode).toBe(200);
  });

  it('someone who signs up later with the address sees the invitation once verified, and joins', async () => {
    const { group, owner } = await household();
    const email = `later-${group.id}@example.test`;
    const sent = await invite(owner.auth, group.id, email);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(invitationMailsTo(email)).toHaveLength(1);

    const newcomer = await buildVerifiedUser({ name: 'Nina Newcomer', email });
    const [pending] = await listOf(newcomer.auth, '/invites/pending');
    expect(pending).toMatchObject({ id: sent.json().id, group: { id: group.id } });
    const accepted = await respond(newcomer.auth, 'accept', pending!.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ joined: true, group: { id: group.id } });
    const after = ZInvitation.parse(
      (await send(owner.auth, 'GET', `/invites/${pending!.id}`)).json(),
    );
    expect(after.status).toBe('accepted');
  });

  it('joining by code with the verified address counts the pending invitation as accepted', async () => {
    const { group, owner, invitee } = await household();
    const invitation = await sendInvitation(owner.auth, group.id, invitee);
    const code = (await send(owner.auth, 'GET', `/groups/${group.id}/invites`)).json<{
      code: string;
    }>().code;
    const joined = await send(invitee.auth, 'POST', '/groups/join', { code });
    expect(joined.statusCode, joined.body).toBe(200);
    const after = ZInvitation.parse(
      (await send(owner.auth, 'GET', `/invites/${invitation.id}`)).json(),
    );
    expect(after.status).toBe('accepted');
  });
});

describe('revoking an invitation', () => {
  it.each(['inviter', 'admin', 'owner'] as const)(
    'the %s revokes a pending invitation; it is logged and can no longer be accepted',
    async (who) => {
      const { group, owner, admin, member, invitee } = await household();
      const invitation = await sendInvitation(member.auth, group.id, invitee);
      const revoker = { inviter: member, admin, owner }[who];
      const response = await respond(revoker.auth, 'revoke', invitation.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(expectShape(ZInvitation, response.json())).toMatchObject({
        id: invitation.id,
        status: 'revoked',
      });
      const [latest] = await activityOf(owner.auth, group.id);
      expect(latest).toMatchObject({
        verb: 'invitation_revoked',
        actor: { id: revoker.user.id },
        subject: null,
        details: { email: invitee.email.toLowerCase() },
      });
      expect(await listOf(invitee.auth, '/invites/pending')).toEqual([]);
      expectProblem(await respond(invitee.auth, 'accept', invitation.id), 409, 'conflict');
      expectProblem(await send(invitee.auth, 'GET', `/groups/${group.id}`), 404, 'not_found');
    },
  );

  it('a member who did not send it may not revoke it (403), and nothing is logged', async () => {
    const { group, owner, member, invitee } = await household();
    const invitation = await sendInvitation(owner.auth, group.id, invitee);
    const logged = await activityOf(owner.auth, group.id);
    expectProblem(await respond(member.auth, 'revoke', invitation.id), 403, 'forbidden');
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
    expect(await listOf(invitee.auth, '/invites/pending')).toHaveLength(1);
  });
});

describe('an invitation that is no longer pending cannot be answered or revoked (409)', () => {
  type Action = 'accept' | 'decline' | 'revoke';
  const PAST: Record<Action, string> = {
    accept: 'accepted',
    decline: 'declined',
    revoke: 'revoked',
  };
  const actions = Object.keys(PAST) as Action[];
  const cases = actions.flatMap((done) =>
    actions.map((then) => [PAST[done], PAST[then], done, then] as const),
  );

  it.each(cases)('once %s, it cannot be %s', async (_done, _then, done, then) => {
    const { group, owner, invitee } = await household();
    const invitation = await sendInvitation(owner.auth, group.id, invitee);
    const byWhom = (action: Action) => (action === 'revoke' ? owner : invitee);
    expect((await respond(byWhom(done).auth, done, invitation.id)).statusCode).toBe(200);
    const logged = await activityOf(owner.auth, group.id);
    expectProblem(await respond(byWhom(then).auth, then, invitation.id), 409, 'conflict');
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
  });
});

describe('invitations of a deleted group', () => {
  it('disappear from the invitee’s pending list', async () => {
    const { group, owner, invitee } = await household();
    const invitation = await sendInvitation(owner.auth, group.id, invitee);
    expect((await send(owner.auth, 'DELETE', `/groups/${group.id}`)).statusCode).toBe(204);
    expect(await listOf(invitee.auth, '/invites/pending')).toEqual([]);
    expectProblem(await respond(invitee.auth, 'accept', invitation.id), 404, 'not_found');
  });
});

describe('invitation rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ JOIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('POST /invites stops a person mailing addresses after the limit and lets others through', async () => {
    const owner = await buildUser(limited.app);
    const group = await buildGroup(limited.app, owner);
    const invitee = await buildUser(limited.app);
    const post = (auth: Auth, email: string): Promise<LightMyRequestResponse> =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/invites',
        headers: auth,
        payload: { group_id: group.id, email },
      });
    for (const probe of ['a@example.test', 'b@example.test', 'c@example.test']) {
      expect((await post(owner.auth, probe)).statusCode).toBe(201);
    }
    expectProblem(await post(owner.auth, invitee.email), 429, 'rate_limited');

    const other = await buildUser(limited.app);
    await addMember(limited.app, group, other);
    expect((await post(other.auth, invitee.email)).statusCode).toBe(201);
  });
});
