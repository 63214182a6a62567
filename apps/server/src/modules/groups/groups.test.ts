import {
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GROUP_PERMISSIONS,
  INVITE_CODE_ALPHABET,
  ZActivityPage,
  ZGroup,
  ZGroupMember,
  ZGroupRoleInfo,
  ZGroupSettings,
  ZGroupSummary,
  ZInviteCode,
  ZInviteCodePreview,
  ZJoinGroupResult,
  isWellFormedInviteCode,
  type ActivityEntry,
  type GroupPermission,
  type GroupRole,
} from '@household/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  groupActivity,
  groupInviteCodes,
  groupMembers,
  groupRemovals,
  groups,
} from '../../db/schema';
import { expectInvalidField, expectProblem, expectShape } from '../../../test/support/assertions';
import {
  activeInviteCode,
  addMember,
  buildGroup,
  buildGuest,
  buildUser,
  type TestGroup,
  type TestUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { verifyEmail } from '../../../test/support/verified-email';
import { sender, type Auth, type Method, ISO_INSTANT } from '../../../test/support/requests';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

const send = sender(() => t.app);

async function getGroup(auth: Auth, groupId: number) {
  const response = await send(auth, 'GET', `/groups/${groupId}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZGroup, response.json());
}

/** The whole activity log of a group, newest first. */
async function activityOf(auth: Auth, groupId: number): Promise<ActivityEntry[]> {
  const response = await send(auth, 'GET', `/groups/${groupId}/activity?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZActivityPage, response.json()).items;
}

async function generateCode(auth: Auth, groupId: number) {
  const response = await send(auth, 'POST', `/groups/${groupId}/invites`);
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZInviteCode, response.json());
}

function join(auth: Auth, code: string) {
  return send(auth, 'POST', '/groups/join', { code });
}

async function changeRole(auth: Auth, groupId: number, userId: number, role: GroupRole) {
  return send(auth, 'PUT', `/groups/${groupId}/members/${userId}`, { role });
}

async function roleOf(auth: Auth, groupId: number, userId: number) {
  const group = await getGroup(auth, groupId);
  return group.members.find((member) => member.id === userId)?.role;
}

/** A group with an owner and, by name, the people added in the given roles (in that order). */
async function buildHousehold(
  ...roles: GroupRole[]
): Promise<{ group: TestGroup; owner: TestUser; others: TestUser[] }> {
  const owner = await buildUser(t.app, { name: 'Olivia Owner' });
  const group = await buildGroup(t.app, owner);
  const others: TestUser[] = [];
  for (const [index, role] of roles.entries()) {
    const person = await buildUser(t.app, { name: `Person ${index + 1}` });
    await addMember(t.app, group, person, role);
    others.push(person);
  }
  return { group, owner, others };
}

const PERMISSIONS_OF: Record<GroupRole, GroupPermission[]> = {
  member: ['view_group', 'view_activity', 'manage_invites'],
  admin: ['view_group', 'view_activity', 'manage_invites', 'edit_group', 'manage_members'],
  owner: [...GROUP_PERMISSIONS],
};

const sorted = <T>(values: T[]) => [...values].sort();

describe('creating a group', () => {
  it('makes the creator its only member and owner, in exactly the documented shape', async () => {
    const alex = await buildUser(t.app, { name: 'Alex Creator' });
    const response = await send(alex.auth, 'POST', '/groups', {
      name: '  Flat 3B  ',
      description: 'Top floor, left',
      currency: 'CHF',
    });
    expect(response.statusCode, response.body).toBe(201);
    const group = expectShape(ZGroup, response.json());
    expect(group).toMatchObject({
      name: 'Flat 3B',
      description: 'Top floor, left',
      currency: 'CHF',
      my_role: 'owner',
      member_count: 1,
      version: 1,
      invite_valid_days: 7,
      created_by: { id: alex.user.id, name: 'Alex Creator', is_guest: false },
      members: [
        {
          id: alex.user.id,
          name: 'Alex Creator',
          email: alex.email,
          role: 'owner',
          is_guest: false,
          avatar_url: null,
        },
      ],
    });
    expect(group.created_at).toMatch(ISO_INSTANT);
    expect(group.updated_at).toMatch(ISO_INSTANT);
    expect(group.members[0]?.joined_at).toMatch(ISO_INSTANT);
    expect(sorted(group.my_permissions)).toEqual(sorted(PERMISSIONS_OF.owner));
    expect(await getGroup(alex.auth, group.id)).toEqual(group);
  });

  it('gives a group with only a name no description and the currency EUR', async () => {
    const alex = await buildUser(t.app);
    const { group } = await buildGroup(t.app, alex, { name: 'Just a name' });
    expect(group).toMatchObject({ name: 'Just a name', description: '', currency: 'EUR' });
  });

  it('writes group_created with the name into the new group activity log', async () => {
    const alex = await buildUser(t.app);
    const { id } = await buildGroup(t.app, alex, { name: 'Logged flat' });
    const entries = await activityOf(alex.auth, id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      verb: 'group_created',
      actor: { id: alex.user.id },
      subject: null,
      details: { name: 'Logged flat' },
    });
  });

  it('lets a guest create a group and be its owner', async () => {
    const guest = await buildGuest(t.app);
    const response = await send(guest.auth, 'POST', '/groups', { name: 'Guest house' });
    expect(response.statusCode, response.body).toBe(201);
    expect(ZGroup.parse(response.json())).toMatchObject({
      my_role: 'owner',
      members: [{ is_guest: true, role: 'owner', name: null, email: null }],
    });
  });

  describe('refuses bad input with 400 naming the field, and creates nothing', () => {
    const cases: [string, string, unknown][] = [
      ['a missing name', 'name', {}],
      ['an empty name', 'name', { name: '' }],
      ['a name of spaces', 'name', { name: '    ' }],
      ['a name that is a number', 'name', { name: 42 }],
      ['a name that is too long', 'name', { name: 'x'.repeat(GROUP_NAME_MAX_LENGTH + 1) }],
      [
        'a description that is too long',
        'description',
        { name: 'Flat', description: 'x'.repeat(GROUP_DESCRIPTION_MAX_LENGTH + 1) },
      ],
      ['the currency EURO', 'currency', { name: 'Flat', currency: 'EURO' }],
      ['a currency in lower case', 'currency', { name: 'Flat', currency: 'eur' }],
      ['an unknown currency', 'currency', { name: 'Flat', currency: 'ABC' }],
      ['a currency that is a number', 'currency', { name: 'Flat', currency: 978 }],
    ];

    it.each(cases)('%s', async (_label, path, body) => {
      const alex = await buildUser(t.app);
      expectInvalidField(await send(alex.auth, 'POST', '/groups', body), path);
      expect((await send(alex.auth, 'GET', '/groups')).json()).toEqual([]);
    });
  });

  it('accepts a name of exactly the maximum length', async () => {
    const alex = await buildUser(t.app);
    const name = 'x'.repeat(GROUP_NAME_MAX_LENGTH);
    expect((await buildGroup(t.app, alex, { name })).group.name).toBe(name);
  });
});

describe('GET /groups', () => {
  it('lists only my groups, by name, each with my role and its member count', async () => {
    const alex = await buildUser(t.app);
    const sam = await buildUser(t.app);
    const zoo = await buildGroup(t.app, alex, { name: 'Zoo street' });
    const attic = await buildGroup(t.app, sam, { name: 'Attic' });
    await addMember(t.app, attic, alex, 'admin');
    await buildGroup(t.app, sam, { name: 'Not mine' });

    const response = await send(alex.auth, 'GET', '/groups');
    expect(response.statusCode).toBe(200);
    const list = expectShape(z.array(ZGroupSummary), response.json());
    expect(list.map((group) => [group.name, group.my_role, group.member_count])).toEqual([
      ['Attic', 'admin', 2],
      ['Zoo street', 'owner', 1],
    ]);
    expect(list[1]).toMatchObject({ id: zoo.id, currency: 'EUR', version: 1, description: '' });
  });

  it('is empty for someone in no group', async () => {
    const alex = await buildUser(t.app);
    const response = await send(alex.auth, 'GET', '/groups');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('GET /groups/{id}', () => {
  it.each(['member', 'admin', 'owner'] as const)(
    'tells a %s exactly what their role allows',
    async (role) => {
      const { group, owner, others } = await buildHousehold('admin', 'member');
      const caller = role === 'owner' ? owner : others[role === 'admin' ? 0 : 1]!;
      const seen = await getGroup(caller.auth, group.id);
      expect(seen.my_role).toBe(role);
      expect(sorted(seen.my_permissions)).toEqual(sorted(PERMISSIONS_OF[role]));
    },
  );

  it('shows every member with role and email to every member, and the active code', async () => {
    const { group, owner, others } = await buildHousehold('admin', 'member');
    const [adam, mia] = others as [TestUser, TestUser];
    const seen = await getGroup(mia.auth, group.id);
    expect(seen.member_count).toBe(3);
    expect(seen.members).toHaveLength(3);
    expect(seen.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.user.id, role: 'owner', email: owner.email }),
        expect.objectContaining({ id: adam.user.id, role: 'admin', email: adam.email }),
        expect.objectContaining({ id: mia.user.id, role: 'member', email: mia.email }),
      ]),
    );
    const code = await activeInviteCode(t.app, group);
    expect(seen.active_invite_code).toMatchObject({ code });
  });

  it.each(['abc', '1.5', '-3', '0', '01', '+1', '%201', '1e3', '2147483648'])(
    'answers a path group id %s that cannot exist with 404',
    async (id) => {
      const alex = await buildUser(t.app);
      expectProblem(await send(alex.auth, 'GET', `/groups/${id}`), 404, 'not_found');
    },
  );
});

describe('GET /groups/{id}/members', () => {
  it('lists owners first', async () => {
    const { group, owner, others } = await buildHousehold('member', 'admin', 'member');
    const [early, admin, late] = others as [TestUser, TestUser, TestUser];
    // The newest member becomes a second owner, so the order is by role and not by joining.
    expect((await changeRole(owner.auth, group.id, late.user.id, 'owner')).statusCode).toBe(200);

    const response = await send(early.auth, 'GET', `/groups/${group.id}/members`);
    expect(response.statusCode).toBe(200);
    const members = expectShape(z.array(ZGroupMember), response.json());
    expect(members).toHaveLength(4);
    expect(members.slice(0, 2).map((m) => m.role)).toEqual(['owner', 'owner']);
    expect(members.slice(0, 2).map((m) => m.id)).toEqual(
      expect.arrayContaining([owner.user.id, late.user.id]),
    );
    expect(members.map((m) => m.id)).toContain(admin.user.id);
  });
});

describe('editing a group', () => {
  it('renames it, raises the version and logs what changed from what', async () => {
    const { group, owner, others } = await buildHousehold('admin');
    const admin = others[0]!;
    const response = await send(admin.auth, 'PATCH', `/groups/${group.id}`, {
      version: 1,
      name: '  Flat 4C ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = expectShape(ZGroup, response.json());
    expect(updated).toMatchObject({ name: 'Flat 4C', description: '', version: 2 });
    expect(await getGroup(owner.auth, group.id)).toMatchObject({ name: 'Flat 4C', version: 2 });

    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'group_updated',
      actor: { id: admin.user.id },
      details: { changes: { name: { from: 'Flat 3B', to: 'Flat 4C' } } },
    });
    expect(latest?.details.changes).not.toHaveProperty('description');
  });

  it('changes only the description when only the description is sent', async () => {
    const { group, owner } = await buildHousehold();
    const response = await send(owner.auth, 'PATCH', `/groups/${group.id}`, {
      version: 1,
      description: 'Bins go out on Tuesday',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Flat 3B',
      description: 'Bins go out on Tuesday',
    });
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest?.details).toEqual({
      changes: { description: { from: '', to: 'Bins go out on Tuesday' } },
    });
  });

  it('refuses a change based on a stale version with 409, keeps the newer edit and logs nothing', async () => {
    const { group, owner, others } = await buildHousehold('admin');
    const admin = others[0]!;
    const first = await send(owner.auth, 'PATCH', `/groups/${group.id}`, {
      version: 1,
      name: 'First edit',
    });
    expect(first.statusCode).toBe(200);
    const logged = await activityOf(owner.auth, group.id);

    const stale = await send(admin.auth, 'PATCH', `/groups/${group.id}`, {
      version: 1,
      name: 'Lost edit',
    });
    expectProblem(stale, 409, 'conflict');
    expect(await getGroup(owner.auth, group.id)).toMatchObject({ name: 'First edit', version: 2 });
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
  });

  it('of two edits sent at once on the same version, exactly one wins and is logged', async () => {
    const { group, owner, others } = await buildHousehold('admin');
    const before = await activityOf(owner.auth, group.id);
    const answers = await Promise.all(
      [owner, others[0]!].map((person, index) =>
        send(person.auth, 'PATCH', `/groups/${group.id}`, { version: 1, name: `Edit ${index}` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const after = await activityOf(owner.auth, group.id);
    expect(after).toHaveLength(before.length + 1);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(after[0]?.details).toMatchObject({ changes: { name: { to: winner.name } } });
  });

  describe('refuses bad input with 400 naming the field, changes nothing and logs nothing', () => {
    const cases: [string, string, unknown][] = [
      ['a missing version', 'version', { name: 'New' }],
      ['a version that is a string', 'version', { version: '1', name: 'New' }],
      ['an empty name', 'name', { version: 1, name: '' }],
      ['a name that is too long', 'name', { version: 1, name: 'x'.repeat(101) }],
      [
        'a description that is too long',
        'description',
        { version: 1, description: 'x'.repeat(GROUP_DESCRIPTION_MAX_LENGTH + 1) },
      ],
    ];
    it.each(cases)('%s', async (_label, path, body) => {
      const { group, owner } = await buildHousehold();
      const before = await getGroup(owner.auth, group.id);
      const logged = await activityOf(owner.auth, group.id);
      expectInvalidField(await send(owner.auth, 'PATCH', `/groups/${group.id}`, body), path);
      expect(await getGroup(owner.auth, group.id)).toEqual(before);
      expect(await activityOf(owner.auth, group.id)).toEqual(logged);
    });
  });
});

describe('group settings', () => {
  it('shows currency, invite validity and version in exactly the documented shape', async () => {
    const { group, others } = await buildHousehold('member');
    const response = await send(others[0]!.auth, 'GET', `/groups/${group.id}/settings`);
    expect(response.statusCode).toBe(200);
    expect(expectShape(ZGroupSettings, response.json())).toEqual({
      currency: 'EUR',
      time_zone: 'UTC',
      invite_valid_days: 7,
      version: 1,
    });
  });

  it('changes currency and invite validity and logs both changes', async () => {
    const { group, owner, others } = await buildHousehold('admin');
    const admin = others[0]!;
    const response = await send(admin.auth, 'PATCH', `/groups/${group.id}/settings`, {
      version: 1,
      currency: 'USD',
      invite_valid_days: 30,
    });
    expect(response.statusCode, response.body).toBe(200);
    const settings = expectShape(ZGroupSettings, response.json());
    expect(settings).toMatchObject({ currency: 'USD', invite_valid_days: 30 });
    expect(settings.version).toBeGreaterThan(1);
    expect((await send(owner.auth, 'GET', `/groups/${group.id}/settings`)).json()).toEqual(
      settings,
    );
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'group_settings_updated',
      actor: { id: admin.user.id },
      details: {
        changes: {
          currency: { from: 'EUR', to: 'USD' },
          invite_valid_days: { from: 7, to: 30 },
        },
      },
    });
  });

  it('a new invite code lives as many days as the group settings say', async () => {
    const { group, owner } = await buildHousehold();
    await send(owner.auth, 'PATCH', `/groups/${group.id}/settings`, {
      version: 1,
      invite_valid_days: 30,
    });
    const code = await generateCode(owner.auth, group.id);
    const lifetime = Date.parse(code.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS);
  });

  it('refuses settings based on a stale version with 409 and logs nothing', async () => {
    const { group, owner } = await buildHousehold();
    await send(owner.auth, 'PATCH', `/groups/${group.id}`, { version: 1, name: 'Moved on' });
    const logged = await activityOf(owner.auth, group.id);
    const stale = await send(owner.auth, 'PATCH', `/groups/${group.id}/settings`, {
      version: 1,
      currency: 'GBP',
    });
    expectProblem(stale, 409, 'conflict');
    expect((await send(owner.auth, 'GET', `/groups/${group.id}/settings`)).json()).toMatchObject({
      currency: 'EUR',
    });
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
  });

  describe('refuses bad settings with 400 naming the field', () => {
    const cases: [string, string, unknown][] = [
      ['a missing version', 'version', { currency: 'USD' }],
      ['the currency EURO', 'currency', { version: 1, currency: 'EURO' }],
      ['an unknown currency', 'currency', { version: 1, currency: 'ABC' }],
      ['a validity of 0 days', 'invite_valid_days', { version: 1, invite_valid_days: 0 }],
      ['a validity of 91 days', 'invite_valid_days', { version: 1, invite_valid_days: 91 }],
      ['a validity of 1.5 days', 'invite_valid_days', { version: 1, invite_valid_days: 1.5 }],
      ['an unknown time zone', 'time_zone', { version: 1, time_zone: 'Mars/Olympus' }],
    ];
    it.each(cases)('%s', async (_label, path, body) => {
      const { group, owner } = await buildHousehold();
      expectInvalidField(
        await send(owner.auth, 'PATCH', `/groups/${group.id}/settings`, body),
        path,
      );
      expect((await send(owner.auth, 'GET', `/groups/${group.id}/settings`)).json()).toEqual({
        currency: 'EUR',
        time_zone: 'UTC',
        invite_valid_days: 7,
        version: 1,
      });
    });
  });
});

describe('roles', () => {
  it('lists the three roles with what each allows, most powerful first', async () => {
    const { group, others } = await buildHousehold('member');
    const response = await send(others[0]!.auth, 'GET', `/groups/${group.id}/roles`);
    expect(response.statusCode).toBe(200);
    const roles = expectShape(z.array(ZGroupRoleInfo), response.json());
    expect(roles.map((role) => role.role)).toEqual(['owner', 'admin', 'member']);
    for (const role of roles) {
      expect(sorted(role.permissions)).toEqual(sorted(PERMISSIONS_OF[role.role]));
    }
  });

  it.each(['owner', 'admin', 'member'] as const)(
    'answers the role %s by its name',
    async (name) => {
      const { group, owner } = await buildHousehold();
      const response = await send(owner.auth, 'GET', `/groups/${group.id}/roles/${name}`);
      expect(response.statusCode).toBe(200);
      const role = expectShape(ZGroupRoleInfo, response.json());
      expect(role.role).toBe(name);
      expect(sorted(role.permissions)).toEqual(sorted(PERMISSIONS_OF[name]));
    },
  );

  it('does not know a role called chief', async () => {
    const { group, owner } = await buildHousehold();
    const response = await send(owner.auth, 'GET', `/groups/${group.id}/roles/chief`);
    expect([400, 404]).toContain(response.statusCode);
  });
});

describe('changing roles', () => {
  it('an owner makes a member admin and the change is logged from and to', async () => {
    const { group, owner, others } = await buildHousehold('member');
    const mia = others[0]!;
    const response = await changeRole(owner.auth, group.id, mia.user.id, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(ZGroupMember, response.json())).toMatchObject({
      id: mia.user.id,
      role: 'admin',
    });
    expect(await roleOf(mia.auth, group.id, mia.user.id)).toBe('admin');
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'role_changed',
      actor: { id: owner.user.id },
      subject: { id: mia.user.id },
      details: { from: 'member', to: 'admin' },
    });
  });

  it('an admin promotes a member to admin and demotes an admin to member', async () => {
    const { group, others } = await buildHousehold('admin', 'member', 'admin');
    const [adam, mia, ada] = others as [TestUser, TestUser, TestUser];
    expect((await changeRole(adam.auth, group.id, mia.user.id, 'admin')).statusCode).toBe(200);
    expect((await changeRole(adam.auth, group.id, ada.user.id, 'member')).statusCode).toBe(200);
    expect(await roleOf(adam.auth, group.id, mia.user.id)).toBe('admin');
    expect(await roleOf(adam.auth, group.id, ada.user.id)).toBe('member');
  });

  describe('an admin may not touch an owner or grant owner (403), and nothing is logged', () => {
    const attempts: [
      string,
      (g: TestGroup, owner: TestUser, mia: TestUser) => [Method, string, unknown?],
    ][] = [
      [
        'demoting the owner',
        (g, o) => ['PUT', `/groups/${g.id}/members/${o.user.id}`, { role: 'member' }],
      ],
      [
        'making the owner an admin',
        (g, o) => ['PUT', `/groups/${g.id}/members/${o.user.id}`, { role: 'admin' }],
      ],
      ['removing the owner', (g, o) => ['DELETE', `/groups/${g.id}/members/${o.user.id}`]],
      [
        'making a member owner',
        (g, _o, m) => ['PUT', `/groups/${g.id}/members/${m.user.id}`, { role: 'owner' }],
      ],
    ];
    it.each(attempts)('%s', async (_label, request) => {
      const { group, owner, others } = await buildHousehold('admin', 'member');
      const [adam, mia] = others as [TestUser, TestUser];
      const logged = await activityOf(owner.auth, group.id);
      const [method, url, body] = request(group, owner, mia);
      expectProblem(await send(adam.auth, method, url, body), 403, 'forbidden');
      expect(await roleOf(owner.auth, group.id, owner.user.id)).toBe('owner');
      expect(await roleOf(owner.auth, group.id, mia.user.id)).toBe('member');
      expect(await activityOf(owner.auth, group.id)).toEqual(logged);
    });
  });

  it('an admin may not make themselves owner', async () => {
    const { group, others } = await buildHousehold('admin');
    const adam = others[0]!;
    expectProblem(await changeRole(adam.auth, group.id, adam.user.id, 'owner'), 403, 'forbidden');
  });

  it('a member may not change anyone’s role, not even their own', async () => {
    const { group, others } = await buildHousehold('member', 'member');
    const [mia, max] = others as [TestUser, TestUser];
    expectProblem(await changeRole(mia.auth, group.id, max.user.id, 'admin'), 403, 'forbidden');
    expectProblem(await changeRole(mia.auth, group.id, mia.user.id, 'admin'), 403, 'forbidden');
  });

  it('an owner hands the group over by granting owner and then stepping down', async () => {
    const { group, owner, others } = await buildHousehold('member');
    const mia = others[0]!;
    expect((await changeRole(owner.auth, group.id, mia.user.id, 'owner')).statusCode).toBe(200);
    const stepDown = await changeRole(owner.auth, group.id, owner.user.id, 'member');
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(await roleOf(mia.auth, group.id, mia.user.id)).toBe('owner');
    expect(await roleOf(mia.auth, group.id, owner.user.id)).toBe('member');
    const changes = (await activityOf(mia.auth, group.id))
      .filter((entry) => entry.verb === 'role_changed')
      .slice(0, 2)
      .map((entry) => [entry.actor?.id, entry.subject?.id, entry.details]);
    expect(changes).toEqual([
      [owner.user.id, owner.user.id, { from: 'owner', to: 'member' }],
      [owner.user.id, mia.user.id, { from: 'member', to: 'owner' }],
    ]);
  });

  it('an owner may demote another owner', async () => {
    const { group, owner, others } = await buildHousehold('owner');
    const co = others[0]!;
    expect((await changeRole(owner.auth, group.id, co.user.id, 'admin')).statusCode).toBe(200);
    expect(await roleOf(owner.auth, group.id, co.user.id)).toBe('admin');
  });

  it('refuses an unknown role with 400 naming the field', async () => {
    const { group, owner, others } = await buildHousehold('member');
    const response = await send(
      owner.auth,
      'PUT',
      `/groups/${group.id}/members/${others[0]!.user.id}`,
      {
        role: 'chief',
      },
    );
    expectInvalidField(response, 'role');
  });

  it('answers 404 for a user who is not in the group', async () => {
    const { group, owner } = await buildHousehold();
    const stranger = await buildUser(t.app);
    expectProblem(
      await changeRole(owner.auth, group.id, stranger.user.id, 'admin'),
      404,
      'not_found',
    );
  });
});

describe('the last owner', () => {
  it.each([
    [
      'demote themselves to admin',
      (g: TestGroup, o: TestUser) => changeRole(o.auth, g.id, o.user.id, 'admin'),
    ],
    [
      'demote themselves to member',
      (g: TestGroup, o: TestUser) => changeRole(o.auth, g.id, o.user.id, 'member'),
    ],
    [
      'remove themselves',
      (g: TestGroup, o: TestUser) => send(o.auth, 'DELETE', `/groups/${g.id}/members/${o.user.id}`),
    ],
    ['leave', (g: TestGroup, o: TestUser) => send(o.auth, 'POST', `/groups/${g.id}/leave`)],
  ])('cannot %s (409 last_owner), and nothing is logged', async (_label, attempt) => {
    const { group, owner } = await buildHousehold('admin', 'member');
    const logged = await activityOf(owner.auth, group.id);
    expectProblem(await attempt(group, owner), 409, 'last_owner');
    expect(await roleOf(owner.auth, group.id, owner.user.id)).toBe('owner');
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
  });

  it('an owner may remove another owner, and is then the last owner, who cannot leave or step down', async () => {
    const { group, owner, others } = await buildHousehold('owner');
    const co = others[0]!;
    expect(
      (await send(co.auth, 'DELETE', `/groups/${group.id}/members/${owner.user.id}`)).statusCode,
    ).toBe(204);
    expectProblem(await send(co.auth, 'POST', `/groups/${group.id}/leave`), 409, 'last_owner');
    expectProblem(await changeRole(co.auth, group.id, co.user.id, 'member'), 409, 'last_owner');
  });

  it('may leave once someone else is owner too', async () => {
    const { group, owner, others } = await buildHousehold('member');
    const mia = others[0]!;
    await changeRole(owner.auth, group.id, mia.user.id, 'owner');
    expect((await send(owner.auth, 'POST', `/groups/${group.id}/leave`)).statusCode).toBe(204);
    expect(await getGroup(mia.auth, group.id)).toMatchObject({ member_count: 1, my_role: 'owner' });
  });

  it('of two owners demoting each other at the same time, one stays owner', async () => {
    const { group, owner, others } = await buildHousehold('owner');
    const co = others[0]!;
    const answers = await Promise.all([
      changeRole(owner.auth, group.id, co.user.id, 'member'),
      changeRole(co.auth, group.id, owner.user.id, 'member'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toContain(200);
    const members = (await send(owner.auth, 'GET', `/groups/${group.id}/members`)).json<
      { role: GroupRole }[]
    >();
    expect(members.filter((member) => member.role === 'owner')).toHaveLength(1);
    const roleChanges = (await activityOf(owner.auth, group.id)).filter(
      (entry) => entry.verb === 'role_changed' && entry.details.to === 'member',
    );
    expect(roleChanges).toHaveLength(statuses.filter((status) => status === 200).length);
  });
});

describe('removing members and leaving', () => {
  it('an admin removes a member, who then no longer sees the group; the removal is logged', async () => {
    const { group, owner, others } = await buildHousehold('admin', 'member');
    const [adam, mia] = others as [TestUser, TestUser];
    const response = await send(adam.auth, 'DELETE', `/groups/${group.id}/members/${mia.user.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expectProblem(await send(mia.auth, 'GET', `/groups/${group.id}`), 404, 'not_found');
    expect((await getGroup(owner.auth, group.id)).member_count).toBe(2);
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'member_removed',
      actor: { id: adam.user.id },
      subject: { id: mia.user.id },
    });
  });

  it('an admin removes another admin', async () => {
    const { group, others } = await buildHousehold('admin', 'admin');
    const [adam, ada] = others as [TestUser, TestUser];
    expect(
      (await send(adam.auth, 'DELETE', `/groups/${group.id}/members/${ada.user.id}`)).statusCode,
    ).toBe(204);
  });

  it('a member may not remove another member', async () => {
    const { group, owner, others } = await buildHousehold('member', 'member');
    const [mia, max] = others as [TestUser, TestUser];
    const logged = await activityOf(owner.auth, group.id);
    expectProblem(
      await send(mia.auth, 'DELETE', `/groups/${group.id}/members/${max.user.id}`),
      403,
      'forbidden',
    );
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
  });

  it.each([
    [
      'POST /groups/{id}/leave',
      (g: TestGroup, m: TestUser) => send(m.auth, 'POST', `/groups/${g.id}/leave`),
    ],
    [
      'DELETE /groups/{id}/members/{myId}',
      (g: TestGroup, m: TestUser) => send(m.auth, 'DELETE', `/groups/${g.id}/members/${m.user.id}`),
    ],
  ])('a member leaves with %s, and it is logged as leaving', async (_label, leave) => {
    const { group, owner, others } = await buildHousehold('member');
    const mia = others[0]!;
    const response = await leave(group, mia);
    expect(response.statusCode, response.body).toBe(204);
    expectProblem(await send(mia.auth, 'GET', `/groups/${group.id}`), 404, 'not_found');
    expect((await send(mia.auth, 'GET', '/groups')).json()).toEqual([]);
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'member_left',
      actor: { id: mia.user.id },
      subject: { id: mia.user.id },
    });
  });

  it('someone who left can come back with the code', async () => {
    const { group, others } = await buildHousehold('admin');
    const adam = others[0]!;
    await send(adam.auth, 'POST', `/groups/${group.id}/leave`);
    const back = await join(adam.auth, await activeInviteCode(t.app, group));
    expect(back.json()).toMatchObject({ joined: true, group: { my_role: 'member' } });
  });
});

describe('removal means out', () => {
  const REMOVED_DETAIL = 'You were removed from this group; ask a member to invite you again';

  /** Olivia's household where Bob, a member, has just been removed by her. */
  async function removedBob() {
    const { group, owner, others } = await buildHousehold('member');
    const bob = others[0]!;
    const code = await activeInviteCode(t.app, group);
    const removal = await send(owner.auth, 'DELETE', `/groups/${group.id}/members/${bob.user.id}`);
    expect(removal.statusCode, removal.body).toBe(204);
    return { group, owner, bob, code };
  }

  it('a removed member cannot join again with the same code: 403 removed_from_group, nothing logged', async () => {
    const { group, owner, bob, code } = await removedBob();
    const logged = await activityOf(owner.auth, group.id);
    const refused = await join(bob.auth, code);
    expectProblem(refused, 403, 'removed_from_group');
    expect(refused.json().detail).toBe(REMOVED_DETAIL);
    expectProblem(await send(bob.auth, 'GET', `/groups/${group.id}`), 404, 'not_found');
    expect((await getGroup(owner.auth, group.id)).member_count).toBe(1);
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
  });

  it('the code, shared with the household, keeps working for everyone else', async () => {
    const { group, code } = await removedBob();
    expect(await activeInviteCode(t.app, group)).toBe(code);
    const sam = await buildUser(t.app);
    expect((await join(sam.auth, code)).json()).toMatchObject({ joined: true });
  });

  it('the join page refuses the removed person too, with the same answer', async () => {
    const { bob, code } = await removedBob();
    const preview = await send(bob.auth, 'GET', `/groups/join/${code}`);
    expectProblem(preview, 403, 'removed_from_group');
    expect(preview.json().detail).toBe(REMOVED_DETAIL);
  });

  it('the removal is logged with who removed whom, and recorded for the refusal', async () => {
    const { group, owner, bob } = await removedBob();
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'member_removed',
      actor: { id: owner.user.id },
      subject: { id: bob.user.id },
    });
    const rows = await t.database.db
      .select()
      .from(groupRemovals)
      .where(and(eq(groupRemovals.groupId, group.id), eq(groupRemovals.userId, bob.user.id)));
    expect(rows).toEqual([
      expect.objectContaining({ removedBy: owner.user.id, removedAt: expect.any(Date) }),
    ]);
  });

  it('invited again, the removed person accepts and is a member; later the code works for them', async () => {
    const { group, owner, bob, code } = await removedBob();
    await verifyEmail(t.app, t.outbox, bob);
    const invited = await send(owner.auth, 'POST', '/invites', {
      group_id: group.id,
      email: bob.email,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    // A pending invitation is not yet a way back in through the code.
    expectProblem(await join(bob.auth, code), 403, 'removed_from_group');
    const accepted = await send(bob.auth, 'POST', `/invites/accept/${invited.json().id}`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ joined: true, group: { id: group.id } });
    await send(bob.auth, 'POST', `/groups/${group.id}/leave`);
    expect((await join(bob.auth, code)).json()).toMatchObject({ joined: true });
  });

  it('a member who left by themselves is not refused', async () => {
    const { group, others } = await buildHousehold('member');
    const mia = others[0]!;
    const code = await activeInviteCode(t.app, group);
    expect((await send(mia.auth, 'POST', `/groups/${group.id}/leave`)).statusCode).toBe(204);
    expect((await send(mia.auth, 'GET', `/groups/join/${code}`)).statusCode).toBe(200);
    expect((await join(mia.auth, code)).json()).toMatchObject({ joined: true });
  });

  it('a removal counts for its own group only', async () => {
    const { bob } = await removedBob();
    const other = await buildHousehold();
    const response = await join(bob.auth, await activeInviteCode(t.app, other.group));
    expect(response.json()).toMatchObject({ joined: true, group: { id: other.group.id } });
  });
});

describe('deleting a group', () => {
  it('the owner deletes it with everything in it, and it is gone for everyone', async () => {
    const { group, owner, others } = await buildHousehold('admin', 'member');
    const code = await activeInviteCode(t.app, group);
    const response = await send(owner.auth, 'DELETE', `/groups/${group.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');

    for (const person of [owner, ...others]) {
      expectProblem(await send(person.auth, 'GET', `/groups/${group.id}`), 404, 'not_found');
      expect((await send(person.auth, 'GET', '/groups')).json()).toEqual([]);
    }
    const outsider = await buildUser(t.app);
    expectProblem(await join(outsider.auth, code), 404, 'invalid_invite_code');

    const db = t.database.db;
    for (const table of [groupMembers, groupInviteCodes, groupActivity]) {
      const rows = await db.select().from(table).where(eq(table.groupId, group.id));
      expect(rows).toEqual([]);
    }
    expect(await db.select().from(groups).where(eq(groups.id, group.id))).toEqual([]);
  });

  it('an admin may not delete the group', async () => {
    const { group, owner, others } = await buildHousehold('admin');
    expectProblem(await send(others[0]!.auth, 'DELETE', `/groups/${group.id}`), 403, 'forbidden');
    expect((await getGroup(owner.auth, group.id)).id).toBe(group.id);
  });
});

describe('invite code', () => {
  it('is ten characters without look-alikes, valid for seven days, and shown to every member', async () => {
    const { group, owner, others } = await buildHousehold('member');
    const mia = others[0]!;
    const response = await send(mia.auth, 'POST', `/groups/${group.id}/invites`);
    expect(response.statusCode, response.body).toBe(201);
    const code = expectShape(ZInviteCode, response.json());
    expect(isWellFormedInviteCode(code.code)).toBe(true);
    expect([...code.code].every((c) => INVITE_CODE_ALPHABET.includes(c))).toBe(true);
    expect(code.code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    expect(code.created_by).toMatchObject({ id: mia.user.id });
    expect(code.created_at).toMatch(ISO_INSTANT);
    const lifetime = Date.parse(code.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(7 * DAY_MS);

    const current = await send(owner.auth, 'GET', `/groups/${group.id}/invites`);
    expect(current.statusCode).toBe(200);
    expect(expectShape(ZInviteCode, current.json())).toEqual(code);
    expect((await getGroup(owner.auth, group.id)).active_invite_code).toEqual(code);
  });

  it('is logged with its expiry but never with the code itself', async () => {
    const { group, owner } = await buildHousehold();
    const code = await generateCode(owner.auth, group.id);
    const entries = await activityOf(owner.auth, group.id);
    expect(entries[0]).toMatchObject({
      verb: 'invite_code_generated',
      actor: { id: owner.user.id },
      details: { expires_at: expect.any(String) },
    });
    expect(Date.parse(String(entries[0]?.details.expires_at))).toBe(Date.parse(code.expires_at));
    expect(JSON.stringify(entries)).not.toContain(code.code);
  });

  it('regenerating revokes the previous code', async () => {
    const { group, owner } = await buildHousehold();
    const first = await generateCode(owner.auth, group.id);
    const second = await generateCode(owner.auth, group.id);
    expect(second.code).not.toBe(first.code);
    const outsider = await buildUser(t.app);
    expectProblem(await join(outsider.auth, first.code), 404, 'invalid_invite_code');
    expect((await join(outsider.auth, second.code)).json()).toMatchObject({ joined: true });
  });

  it('ten parallel regenerate calls leave exactly one active code', async () => {
    const { group, owner, others } = await buildHousehold('member', 'admin');
    const callers = Array.from({ length: 10 }, (_, i) => [owner, ...others][i % 3]!);
    const before = await activityOf(owner.auth, group.id);
    const answers = await Promise.all(
      callers.map((caller) => send(caller.auth, 'POST', `/groups/${group.id}/invites`)),
    );
    // Under the lock on the group row, every call succeeds, one after the other.
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    const codes = answers.map((answer) => ZInviteCode.parse(answer.json()).code);
    expect(new Set(codes).size).toBe(10);

    const active = await t.database.db
      .select()
      .from(groupInviteCodes)
      .where(and(eq(groupInviteCodes.groupId, group.id), isNull(groupInviteCodes.revokedAt)));
    expect(active).toHaveLength(1);
    const current = (await send(owner.auth, 'GET', `/groups/${group.id}/invites`)).json();
    expect(codes).toContain(current.code);

    const outsider = await buildUser(t.app);
    for (const code of codes.filter((code) => code !== current.code)) {
      expectProblem(
        await send(outsider.auth, 'GET', `/groups/join/${code}`),
        404,
        'invalid_invite_code',
      );
    }
    const generated = (await activityOf(owner.auth, group.id)).filter(
      (entry) => entry.verb === 'invite_code_generated',
    );
    const generatedBefore = before.filter((entry) => entry.verb === 'invite_code_generated');
    expect(generated).toHaveLength(generatedBefore.length + 10);
  });

  it('revoking leaves the group without a code and is logged', async () => {
    const { group, owner, others } = await buildHousehold('member');
    const mia = others[0]!;
    const code = await activeInviteCode(t.app, group);
    const response = await send(mia.auth, 'DELETE', `/groups/${group.id}/invites`);
    expect(response.statusCode, response.body).toBe(204);
    const current = await send(owner.auth, 'GET', `/groups/${group.id}/invites`);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toBeNull();
    expect((await getGroup(owner.auth, group.id)).active_invite_code).toBeNull();
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({ verb: 'invite_code_revoked', actor: { id: mia.user.id } });
    const outsider = await buildUser(t.app);
    expectProblem(await join(outsider.auth, code), 404, 'invalid_invite_code');
  });
});

describe('joining with a code', () => {
  it('makes the caller a member, answers the group and logs the joining', async () => {
    const { group, owner } = await buildHousehold();
    const code = await activeInviteCode(t.app, group);
    const sam = await buildUser(t.app);
    const response = await join(sam.auth, code);
    expect(response.statusCode, response.body).toBe(200);
    const result = expectShape(ZJoinGroupResult, response.json());
    expect(result).toMatchObject({
      joined: true,
      group: { id: group.id, name: 'Flat 3B', my_role: 'member', member_count: 2 },
    });
    expect(await roleOf(owner.auth, group.id, sam.user.id)).toBe('member');
    const [latest] = await activityOf(owner.auth, group.id);
    expect(latest).toMatchObject({
      verb: 'member_joined',
      actor: { id: sam.user.id },
      subject: { id: sam.user.id },
      details: { via: 'invite_code' },
    });
  });

  it.each([
    ['in lower case', (code: string) => code.toLowerCase()],
    ['with a dash in the middle', (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`],
    ['with spaces around and inside', (code: string) => `  ${code.slice(0, 5)} ${code.slice(5)} `],
    [
      'in lower case with dashes',
      (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`.toLowerCase(),
    ],
  ])('accepts the code typed %s', async (_label, typed) => {
    const { group } = await buildHousehold();
    const code = await activeInviteCode(t.app, group);
    const sam = await buildUser(t.app);
    const preview = await send(sam.auth, 'GET', `/groups/join/${encodeURIComponent(typed(code))}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const response = await join(sam.auth, typed(code));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ joined: true, group: { id: group.id } });
  });

  it('joining a group you are in already is harmless: joined false, same role, nothing logged', async () => {
    const { group, owner, others } = await buildHousehold('admin');
    const adam = others[0]!;
    const code = await activeInviteCode(t.app, group);
    const logged = await activityOf(owner.auth, group.id);
    for (const person of [adam, owner]) {
      const response = await join(person.auth, code);
      expect(response.statusCode, response.body).toBe(200);
      expect(expectShape(ZJoinGroupResult, response.json())).toMatchObject({
        joined: false,
        group: { id: group.id, member_count: 2 },
      });
    }
    expect(await roleOf(owner.auth, group.id, adam.user.id)).toBe('admin');
    expect(await roleOf(owner.auth, group.id, owner.user.id)).toBe('owner');
    expect(await activityOf(owner.auth, group.id)).toEqual(logged);
  });

  it('the same person joining twice at once joins once, with one activity entry', async () => {
    const { group, owner } = await buildHousehold();
    const code = await activeInviteCode(t.app, group);
    const sam = await buildUser(t.app);
    const answers = await Promise.all([join(sam.auth, code), join(sam.auth, code)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().joined).sort()).toEqual([false, true]);
    expect((await getGroup(owner.auth, group.id)).member_count).toBe(2);
    const joinings = (await activityOf(owner.auth, group.id)).filter(
      (entry) => entry.verb === 'member_joined',
    );
    expect(joinings).toHaveLength(1);
  });

  it('a guest joins with a code like anyone else', async () => {
    const { group } = await buildHousehold();
    const guest = await buildGuest(t.app);
    const response = await join(guest.auth, await activeInviteCode(t.app, group));
    expect(response.json()).toMatchObject({ joined: true, group: { my_role: 'member' } });
  });

  it('the join page shows the group to someone not in it yet, in exactly the documented shape', async () => {
    const { group, others } = await buildHousehold('member');
    const code = await generateCode(group.owner.auth, group.id);
    const sam = await buildUser(t.app);
    const preview = await send(sam.auth, 'GET', `/groups/join/${code.code}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(expectShape(ZInviteCodePreview, preview.json())).toEqual({
      group_id: group.id,
      group_name: 'Flat 3B',
      member_count: 2,
      expires_at: code.expires_at,
      is_member: false,
    });
    const asMember = await send(others[0]!.auth, 'GET', `/groups/join/${code.code}`);
    expect(asMember.json()).toMatchObject({ is_member: true });
    // Looking is not joining.
    expectProblem(await send(sam.auth, 'GET', `/groups/${group.id}`), 404, 'not_found');
  });

  describe('an unknown, expired or revoked code gets the same answer: 404 invalid_invite_code', () => {
    async function expired(group: TestGroup) {
      const code = await activeInviteCode(t.app, group);
      await t.database.db
        .update(groupInviteCodes)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(and(eq(groupInviteCodes.groupId, group.id), isNull(groupInviteCodes.revokedAt)));
      return code;
    }
    async function revokedInTheDatabase(group: TestGroup) {
      const code = await activeInviteCode(t.app, group);
      await t.database.db
        .update(groupInviteCodes)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(groupInviteCodes.groupId, group.id), isNull(groupInviteCodes.revokedAt)));
      return code;
    }
    async function revokedThroughTheApi(group: TestGroup) {
      const code = await activeInviteCode(t.app, group);
      await send(group.owner.auth, 'DELETE', `/groups/${group.id}/invites`);
      return code;
    }
    async function replaced(group: TestGroup) {
      const code = await activeInviteCode(t.app, group);
      await generateCode(group.owner.auth, group.id);
      return code;
    }

    const codes: [string, (group: TestGroup) => Promise<string>][] = [
      ['an unknown code', async () => '23456789AB'],
      ['a code that could never exist', async () => 'hello'],
      ['an expired code', expired],
      ['a revoked code', revokedInTheDatabase],
      ['a code revoked with DELETE /groups/{id}/invites', revokedThroughTheApi],
      ['a code replaced by a new one', replaced],
    ];

    it.each(codes)('%s no longer lets anyone join or look', async (_label, makeCode) => {
      const { group, owner } = await buildHousehold();
      const code = await makeCode(group);
      const sam = await buildUser(t.app);
      const logged = await activityOf(owner.auth, group.id);
      expectProblem(await join(sam.auth, code), 404, 'invalid_invite_code');
      expectProblem(
        await send(sam.auth, 'GET', `/groups/join/${code}`),
        404,
        'invalid_invite_code',
      );
      expectProblem(await send(sam.auth, 'GET', `/groups/${group.id}`), 404, 'not_found');
      expect((await getGroup(owner.auth, group.id)).member_count).toBe(1);
      expect(await activityOf(owner.auth, group.id)).toEqual(logged);
    });
  });

  describe('refuses a missing code with 400 naming the field', () => {
    const cases: [string, unknown][] = [
      ['no code at all', {}],
      ['an empty code', { code: '' }],
      ['a code of only dashes and spaces', { code: ' - - ' }],
      ['a code that is a number', { code: 1234567890 }],
      ['a code of 65 characters', { code: 'A'.repeat(65) }],
    ];
    it.each(cases)('%s', async (_label, body) => {
      const sam = await buildUser(t.app);
      expectInvalidField(await send(sam.auth, 'POST', '/groups/join', body), 'code');
    });
  });
});

describe('activity log', () => {
  /** A group whose log holds `count` entries: group_created and count - 1 generated codes. */
  async function groupWithEntries(count: number) {
    const { group, owner } = await buildHousehold();
    for (let i = 1; i < count; i += 1) await generateCode(owner.auth, group.id);
    return { group, owner };
  }

  async function page(auth: Auth, groupId: number, query: string) {
    const response = await send(auth, 'GET', `/groups/${groupId}/activity${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(ZActivityPage, response.json());
  }

  it('pages newest first, without overlap, until next_cursor is null', async () => {
    const { group, owner } = await groupWithEntries(7);
    const all = await activityOf(owner.auth, group.id);
    expect(all).toHaveLength(7);
    expect(all.at(-1)?.verb).toBe('group_created');
    const ids = all.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const current = await page(owner.auth, group.id, query);
      sizes.push(current.items.length);
      seen.push(...current.items.map((entry) => entry.id));
      cursor = current.next_cursor;
    } while (cursor !== null && sizes.length < 10);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(ids);
  });

  it('answers next_cursor null when the last page is exactly full', async () => {
    const { group, owner } = await groupWithEntries(3);
    const first = await page(owner.auth, group.id, '?limit=3');
    expect(first.items).toHaveLength(3);
    if (first.next_cursor !== null) {
      const rest = await page(owner.auth, group.id, `?limit=3&cursor=${first.next_cursor}`);
      expect(rest).toEqual({ items: [], next_cursor: null });
    }
  });

  it('gives 20 entries by default', async () => {
    const { group, owner } = await groupWithEntries(22);
    const first = await page(owner.auth, group.id, '');
    expect(first.items).toHaveLength(20);
    expect(first.next_cursor).not.toBeNull();
    const second = await page(owner.auth, group.id, `?cursor=${first.next_cursor}`);
    expect(second.items).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
  });

  it('new entries do not shift the older pages', async () => {
    const { group, owner } = await groupWithEntries(6);
    const first = await page(owner.auth, group.id, '?limit=3');
    const expected = await page(owner.auth, group.id, `?limit=3&cursor=${first.next_cursor}`);
    await generateCode(owner.auth, group.id);
    await generateCode(owner.auth, group.id);
    const second = await page(owner.auth, group.id, `?limit=3&cursor=${first.next_cursor}`);
    expect(second).toEqual(expected);
  });

  it('every member may read it', async () => {
    const { group, others } = await buildHousehold('member');
    const entries = await activityOf(others[0]!.auth, group.id);
    expect(entries.map((entry) => entry.verb)).toContain('member_joined');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=2.5', 'limit'],
    ['cursor=abc', 'cursor'],
    ['cursor=-1', 'cursor'],
    ['cursor=1e5', 'cursor'],
  ])('refuses %s with 400 naming the field', async (query, path) => {
    const { group, owner } = await buildHousehold();
    expectInvalidField(
      await send(owner.auth, 'GET', `/groups/${group.id}/activity?${query}`),
      path,
    );
  });

  it('accepts a limit of 100', async () => {
    const { group, owner } = await buildHousehold();
    expect((await page(owner.auth, group.id, '?limit=100')).items).toHaveLength(1);
  });
});

describe('deleting an account', () => {
  function deleteAccount(person: TestUser) {
    return send(person.auth, 'DELETE', '/users/me', { password: person.password });
  }

  it('hands a group whose last owner leaves to the longest-standing admin', async () => {
    // Mia has been there longest but is a member; Adam became admin before Ada.
    const { group, owner, others } = await buildHousehold('member', 'admin', 'admin');
    const [mia, adam, ada] = others as [TestUser, TestUser, TestUser];
    expect((await deleteAccount(owner)).statusCode).toBe(204);

    const seen = await getGroup(adam.auth, group.id);
    expect(seen.member_count).toBe(3);
    expect(seen.my_role).toBe('owner');
    expect(seen.members.map((m) => m.id)).not.toContain(owner.user.id);
    expect(await roleOf(adam.auth, group.id, ada.user.id)).toBe('admin');
    expect(await roleOf(adam.auth, group.id, mia.user.id)).toBe('member');

    const entries = await activityOf(adam.auth, group.id);
    const handOver = entries.find((entry) => entry.details.reason === 'owner_deleted');
    expect(handOver).toMatchObject({
      verb: 'role_changed',
      actor: null,
      subject: { id: adam.user.id },
      details: { from: 'admin', to: 'owner', reason: 'owner_deleted' },
    });
    expect(entries.filter((entry) => entry.verb === 'member_left')).toHaveLength(1);
    // The deleted person shows as "Deleted user": no reference left to their account.
    expect(entries.find((entry) => entry.verb === 'member_left')?.actor).toBeNull();
  });

  it('hands the group to the longest-standing member when there is no admin', async () => {
    const { group, owner, others } = await buildHousehold('member', 'member');
    const [mia, max] = others as [TestUser, TestUser];
    expect((await deleteAccount(owner)).statusCode).toBe(204);
    expect(await roleOf(mia.auth, group.id, mia.user.id)).toBe('owner');
    expect(await roleOf(mia.auth, group.id, max.user.id)).toBe('member');
    const [handOver] = (await activityOf(mia.auth, group.id)).filter(
      (entry) => entry.verb === 'role_changed',
    );
    expect(handOver).toMatchObject({
      actor: null,
      subject: { id: mia.user.id },
      details: { from: 'member', to: 'owner', reason: 'owner_deleted' },
    });
  });

  it('hands nothing over when another owner remains', async () => {
    const { group, owner, others } = await buildHousehold('admin', 'owner');
    const [adam, co] = others as [TestUser, TestUser];
    expect((await deleteAccount(owner)).statusCode).toBe(204);
    expect(await roleOf(co.auth, group.id, co.user.id)).toBe('owner');
    expect(await roleOf(co.auth, group.id, adam.user.id)).toBe('admin');
    const entries = await activityOf(co.auth, group.id);
    expect(entries.some((entry) => entry.details.reason === 'owner_deleted')).toBe(false);
    expect(entries[0]?.verb).toBe('member_left');
  });

  it('deletes a group that has no other member', async () => {
    const alex = await buildUser(t.app);
    const { id } = await buildGroup(t.app, alex);
    await generateCode(alex.auth, id);
    expect((await deleteAccount(alex)).statusCode).toBe(204);
    const db = t.database.db;
    expect(await db.select().from(groups).where(eq(groups.id, id))).toEqual([]);
    expect(await db.select().from(groupActivity).where(eq(groupActivity.groupId, id))).toEqual([]);
  });

  it('a member who deletes their account simply leaves', async () => {
    const { group, owner, others } = await buildHousehold('member');
    expect((await deleteAccount(others[0]!)).statusCode).toBe(204);
    const seen = await getGroup(owner.auth, group.id);
    expect(seen.member_count).toBe(1);
    expect((await activityOf(owner.auth, group.id))[0]).toMatchObject({ verb: 'member_left' });
  });

  it('a wrong password deletes nothing and hands nothing over', async () => {
    const { group, owner, others } = await buildHousehold('admin');
    const response = await send(owner.auth, 'DELETE', '/users/me', { password: 'not the one' });
    expectProblem(response, 400, 'invalid_credentials');
    expect(await roleOf(others[0]!.auth, group.id, owner.user.id)).toBe('owner');
  });
});

describe('join rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ JOIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  async function groupWithCode() {
    const owner = await buildUser(limited.app);
    const group = await buildGroup(limited.app, owner);
    const code = await limited.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${group.id}/invites`,
      headers: owner.auth,
    });
    return ZInviteCode.parse(code.json()).code;
  }

  const attempts: [string, (auth: Auth, code: string) => Promise<LightMyRequestResponse>][] = [
    [
      'POST /groups/join',
      (auth, code) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/groups/join',
          headers: auth,
          payload: { code },
        }),
    ],
    [
      'GET /groups/join/{code}',
      (auth, code) =>
        limited.app.inject({ method: 'GET', url: `/api/v1/groups/join/${code}`, headers: auth }),
    ],
  ];

  it.each(attempts)(
    '%s stops a person guessing codes after the limit, even with the right code, and lets others through',
    async (_label, attempt) => {
      const code = await groupWithCode();
      const guesser = await buildUser(limited.app);
      for (const guess of ['2222222222', '3333333333', '4444444444']) {
        expect((await attempt(guesser.auth, guess)).statusCode).toBe(404);
      }
      const blocked = await attempt(guesser.auth, code);
      expectProblem(blocked, 429, 'rate_limited');
      // Same address, another person: the limit is per signed-in user.
      const other = await buildUser(limited.app);
      expect((await attempt(other.auth, code)).statusCode).toBe(200);
    },
  );
});
