import { ZActivityPage, ZGroup, ZInvitation, type ErrorCode } from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/support/assertions';
import {
  activeInviteCode,
  addMember,
  buildGroup,
  buildUser,
  type TestUser,
} from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { verifyEmail } from '../../../test/support/verified-email';

// docs/groups.md "Roles and what they allow" and "Endpoints", as one table: every group and invite
// route, called by every kind of caller, on a fresh group each time.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = 'outsider' | 'member' | 'admin' | 'owner' | 'invitee' | 'inviter';
/** A status, with the problem code when the status alone does not say it. */
type Outcome = number | [number, ErrorCode];

/** One fresh group: owner, admin, member, and `inviter` (a member) who invited `invitee`. */
interface World {
  groupId: number;
  version: number;
  code: string;
  invitationId: number;
  people: Record<Caller, TestUser>;
  /** Not in the group, not invited yet: whom POST /invites invites. */
  newcomer: TestUser;
}

interface Route {
  route: string;
  request: (w: World) => { method: Method; url: string; body?: object };
  outcomes: Partial<Record<Caller, Outcome>>;
}

/** The usual row of a group route: outsiders get 404 as if the group did not exist. */
const inGroup = (member: Outcome, admin: Outcome, owner: Outcome) => ({
  outsider: 404,
  member,
  admin,
  owner,
});
/** A route for anyone signed in, whatever their relation to the group. */
const signedIn = (status: number) => inGroup(status, status, status);

const g = (w: World) => `/api/v1/groups/${w.groupId}`;

const routes: Route[] = [
  {
    route: 'GET /groups',
    request: () => ({ method: 'GET', url: '/api/v1/groups' }),
    outcomes: { ...signedIn(200), outsider: 200 },
  },
  {
    route: 'POST /groups',
    request: () => ({ method: 'POST', url: '/api/v1/groups', body: { name: 'Another flat' } }),
    outcomes: { ...signedIn(201), outsider: 201 },
  },
  {
    route: 'GET /groups/{id}',
    request: (w) => ({ method: 'GET', url: g(w) }),
    outcomes: inGroup(200, 200, 200),
  },
  {
    route: 'PATCH /groups/{id}',
    request: (w) => ({ method: 'PATCH', url: g(w), body: { version: w.version, name: 'Renamed' } }),
    outcomes: inGroup(403, 200, 200),
  },
  {
    route: 'DELETE /groups/{id}',
    request: (w) => ({ method: 'DELETE', url: g(w) }),
    outcomes: inGroup(403, 403, 204),
  },
  {
    route: 'GET /groups/{id}/members',
    request: (w) => ({ method: 'GET', url: `${g(w)}/members` }),
    outcomes: inGroup(200, 200, 200),
  },
  {
    route: 'PUT /groups/{id}/members/{userId}',
    request: (w) => ({
      method: 'PUT',
      url: `${g(w)}/members/${w.people.inviter.user.id}`,
      body: { role: 'admin' },
    }),
    outcomes: inGroup(403, 200, 200),
  },
  {
    route: 'DELETE /groups/{id}/members/{userId}',
    request: (w) => ({ method: 'DELETE', url: `${g(w)}/members/${w.people.inviter.user.id}` }),
    outcomes: inGroup(403, 204, 204),
  },
  {
    route: 'POST /groups/{id}/leave',
    request: (w) => ({ method: 'POST', url: `${g(w)}/leave` }),
    // The owner of the table's group is its only owner.
    outcomes: inGroup(204, 204, [409, 'last_owner']),
  },
  {
    route: 'GET /groups/{id}/invites',
    request: (w) => ({ method: 'GET', url: `${g(w)}/invites` }),
    outcomes: inGroup(200, 200, 200),
  },
  {
    route: 'POST /groups/{id}/invites',
    request: (w) => ({ method: 'POST', url: `${g(w)}/invites` }),
    outcomes: inGroup(201, 201, 201),
  },
  {
    route: 'DELETE /groups/{id}/invites',
    request: (w) => ({ method: 'DELETE', url: `${g(w)}/invites` }),
    outcomes: inGroup(204, 204, 204),
  },
  {
    route: 'GET /groups/{id}/settings',
    request: (w) => ({ method: 'GET', url: `${g(w)}/settings` }),
    outcomes: inGroup(200, 200, 200),
  },
  {
    route: 'PATCH /groups/{id}/settings',
    request: (w) => ({
      method: 'PATCH',
      url: `${g(w)}/settings`,
      body: { version: w.version, invite_valid_days: 14 },
    }),
    outcomes: inGroup(403, 200, 200),
  },
  {
    route: 'GET /groups/{id}/roles',
    request: (w) => ({ method: 'GET', url: `${g(w)}/roles` }),
    outcomes: inGroup(200, 200, 200),
  },
  {
    route: 'GET /groups/{id}/roles/{role}',
    request: (w) => ({ method: 'GET', url: `${g(w)}/roles/admin` }),
    outcomes: inGroup(200, 200, 200),
  },
  {
    route: 'GET /groups/{id}/activity',
    request: (w) => ({ method: 'GET', url: `${g(w)}/activity` }),
    outcomes: inGroup(200, 200, 200),
  },
  {
    // The join page shows the group to someone who is not in it yet: that is its purpose.
    route: 'GET /groups/join/{code}',
    request: (w) => ({ method: 'GET', url: `/api/v1/groups/join/${w.code}` }),
    outcomes: { ...signedIn(200), outsider: 200 },
  },
  {
    route: 'POST /groups/join',
    request: (w) => ({ method: 'POST', url: '/api/v1/groups/join', body: { code: w.code } }),
    outcomes: { ...signedIn(200), outsider: 200 },
  },
  {
    route: 'POST /invites',
    request: (w) => ({
      method: 'POST',
      url: '/api/v1/invites',
      body: { group_id: w.groupId, email: w.newcomer.email },
    }),
    outcomes: inGroup(201, 201, 201),
  },
  {
    route: 'GET /invites?group_id=',
    request: (w) => ({ method: 'GET', url: `/api/v1/invites?group_id=${w.groupId}` }),
    outcomes: inGroup(200, 200, 200),
  },
  {
    route: 'GET /invites/pending',
    request: () => ({ method: 'GET', url: '/api/v1/invites/pending' }),
    outcomes: { ...signedIn(200), outsider: 200, invitee: 200 },
  },
  {
    route: 'GET /invites/sent',
    request: () => ({ method: 'GET', url: '/api/v1/invites/sent' }),
    outcomes: { ...signedIn(200), outsider: 200, inviter: 200 },
  },
  {
    route: 'GET /invites/{id}',
    request: (w) => ({ method: 'GET', url: `/api/v1/invites/${w.invitationId}` }),
    outcomes: { ...inGroup(200, 200, 200), invitee: 200 },
  },
  {
    route: 'POST /invites/accept/{id}',
    request: (w) => ({ method: 'POST', url: `/api/v1/invites/accept/${w.invitationId}` }),
    outcomes: { ...inGroup(403, 403, 403), invitee: 200 },
  },
  {
    route: 'POST /invites/decline/{id}',
    request: (w) => ({ method: 'POST', url: `/api/v1/invites/decline/${w.invitationId}` }),
    outcomes: { ...inGroup(403, 403, 403), invitee: 200 },
  },
  {
    route: 'POST /invites/revoke/{id}',
    request: (w) => ({ method: 'POST', url: `/api/v1/invites/revoke/${w.invitationId}` }),
    // `member` is a member who did not send this invitation.
    outcomes: { ...inGroup(403, 200, 200), inviter: 200 },
  },
];

const DEFAULT_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

const CALLER_LABELS: Record<Caller, string> = {
  outsider: 'someone outside the group',
  member: 'a member',
  admin: 'an admin',
  owner: 'the owner',
  invitee: 'the invitee',
  inviter: 'the inviter',
};

let t: TestApp;
let people: Record<Caller, TestUser>;
let newcomer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const [owner, admin, member, inviter, invitee, outsider, someone] = await Promise.all(
    ['Olivia Owner', 'Adam Admin', 'Mia Member', 'Ian Inviter', 'Ivy Invitee', 'Oscar', 'Nora'].map(
      (name) => buildUser(t.app, { name }),
    ),
  );
  // Invitations are answered from a verified address only (docs/groups.md "Inviting by email").
  await verifyEmail(t.app, t.outbox, invitee!);
  people = { owner, admin, member, inviter, invitee, outsider } as Record<Caller, TestUser>;
  newcomer = someone!;
});
afterAll(() => t.close());

async function buildWorld(): Promise<World> {
  const group = await buildGroup(t.app, people.owner, { name: 'Table flat' });
  await addMember(t.app, group, people.admin, 'admin');
  await addMember(t.app, group, people.member, 'member');
  await addMember(t.app, group, people.inviter, 'member');
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/v1/invites',
    headers: people.inviter.auth,
    payload: { group_id: group.id, email: people.invitee.email },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const current = await t.app.inject({
    method: 'GET',
    url: `/api/v1/groups/${group.id}`,
    headers: people.owner.auth,
  });
  return {
    groupId: group.id,
    version: ZGroup.parse(current.json()).version,
    code: await activeInviteCode(t.app, group),
    invitationId: ZInvitation.parse(invited.json()).id,
    people,
    newcomer,
  };
}

async function activityCount(world: World): Promise<number | null> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/groups/${world.groupId}/activity?limit=100`,
    headers: people.owner.auth,
  });
  // The owner's own successful DELETE leaves no group to read.
  if (response.statusCode === 404) return null;
  return ZActivityPage.parse(response.json()).items.length;
}

function call(world: World, route: Route, auth?: { authorization: string }) {
  const { method, url, body } = route.request(world);
  return t.app.inject({
    method,
    url,
    ...(auth ? { headers: auth } : {}),
    ...(body ? { payload: body } : {}),
  });
}

const cases = routes.flatMap(({ route, outcomes }) =>
  (Object.entries(outcomes) as [Caller, Outcome][]).map(([caller, outcome]) => {
    const [status, code] =
      typeof outcome === 'number' ? [outcome, DEFAULT_CODES[outcome]] : outcome;
    return { route, caller, status, code };
  }),
);

describe('who may call the group and invite routes', () => {
  it.each(routes.map((route) => [route.route, route] as const))(
    '%s turns an anonymous caller away with 401',
    async (_name, route) => {
      const world = await buildWorld();
      expectProblem(await call(world, route), 401, 'unauthenticated');
    },
  );

  it.each(cases.map((c) => [c.route, CALLER_LABELS[c.caller], c.status, c] as const))(
    '%s answers %s with %i',
    async (_name, _label, _status, { route, caller, status, code }) => {
      const world = await buildWorld();
      const before = await activityCount(world);
      const response = await call(
        world,
        routes.find((r) => r.route === route)!,
        people[caller].auth,
      );
      if (code) {
        expectProblem(response, status, code);
        // A refused request changes nothing, so it leaves no trace in the activity log either.
        expect(await activityCount(world)).toBe(before);
      } else {
        expect(response.statusCode, response.body).toBe(status);
      }
    },
  );
});

describe('a group the caller is not in looks exactly like a group that does not exist', () => {
  const groupRoutes = routes.filter((route) => route.outcomes.outsider === 404);

  it.each(groupRoutes.map((route) => [route.route, route] as const))('%s', async (_name, route) => {
    const world = await buildWorld();
    const missing: World = { ...world, groupId: 2_000_000_000, invitationId: 2_000_000_000 };
    const foreign = await call(world, route, people.outsider.auth);
    const absent = await call(missing, route, people.outsider.auth);
    const strip = (body: Record<string, unknown>) => ({ ...body, instance: undefined });
    expectProblem(foreign, 404, 'not_found');
    expectProblem(absent, 404, 'not_found');
    expect(strip(foreign.json())).toEqual(strip(absent.json()));
  });
});
