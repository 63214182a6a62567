import {
  ZBalanceSummary,
  ZGroup,
  ZGroupMember,
  ZGroupUnit,
  type BalanceSummary,
} from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import {
  addMember,
  buildGroup,
  buildUser,
  type TestGroup,
  type TestUser,
} from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/expenses.md "Weights", "Units", "Settle-up views": owners and admins set default weights
// and join members in units; the suggested transfers run between units and members in none, each
// with its reasons; the pairwise view shows what each owes each directly.

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface House {
  group: TestGroup;
  ana: TestUser;
  ben: TestUser;
  carl: TestUser;
  outsider: TestUser;
}

/** Ana (owner), Ben and Carl share a flat; someone else is in no group of theirs. */
async function house(): Promise<House> {
  const ana = await buildUser(t.app, { name: 'Ana' });
  const ben = await buildUser(t.app, { name: 'Ben' });
  const carl = await buildUser(t.app, { name: 'Carl' });
  const outsider = await buildUser(t.app, { name: 'Olga' });
  const group = await buildGroup(t.app, ana, { name: 'Flat', currency: 'EUR' });
  await addMember(t.app, group, ben);
  await addMember(t.app, group, carl);
  return { group, ana, ben, carl, outsider };
}

async function spend(by: TestUser, groupId: number, cents: number, participants: number[]) {
  const response = await send(by.auth, 'POST', '/expenses', {
    group_id: groupId,
    description: `Shop ${cents}`,
    date: '2026-11-20',
    amount_cents: cents,
    split: { type: 'equal', participants },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function summaryOf(by: TestUser, groupId: number): Promise<BalanceSummary> {
  const response = await send(by.auth, 'GET', `/costs/groups/${groupId}/balance-summary`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZBalanceSummary, response.json());
}

describe('default weights', () => {
  it('are 100 % for everyone, set by an owner (a child at 50 %), returned with the members', async () => {
    const { group, ana, ben, carl } = await house();
    const before = expectShape(ZGroup, (await send(ben.auth, 'GET', `/groups/${group.id}`)).json());
    expect(before.members.map((m) => m.share_weight)).toEqual([100, 100, 100]);
    const set = await send(ana.auth, 'PUT', `/groups/${group.id}/members/${carl.user.id}/weight`, {
      share_weight: 50,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(expectShape(ZGroupMember, set.json())).toMatchObject({
      id: carl.user.id,
      share_weight: 50,
    });
    const members = (await send(ben.auth, 'GET', `/groups/${group.id}/members`)).json<
      { id: number; share_weight: number }[]
    >();
    expect(members.find((m) => m.id === carl.user.id)?.share_weight).toBe(50);
  });

  it('refuses a plain member (403), an outsider (404) and a weight out of 1..1000 (400)', async () => {
    const { group, ana, ben, carl, outsider } = await house();
    const url = `/groups/${group.id}/members/${carl.user.id}/weight`;
    expectProblem(await send(ben.auth, 'PUT', url, { share_weight: 50 }), 403, 'forbidden');
    expectProblem(await send(outsider.auth, 'PUT', url, { share_weight: 50 }), 404, 'not_found');
    expectProblem(await send(undefined, 'PUT', url, { share_weight: 50 }), 401, 'unauthenticated');
    expectProblem(await send(ana.auth, 'PUT', url, { share_weight: 0 }), 400, 'validation_failed');
    expectProblem(
      await send(ana.auth, 'PUT', url, { share_weight: 1001 }),
      400,
      'validation_failed',
    );
    expectProblem(
      await send(ana.auth, 'PUT', `/groups/${group.id}/members/${outsider.user.id}/weight`, {
        share_weight: 50,
      }),
      404,
      'not_found',
    );
  });
});

describe('units', () => {
  it('are made, renamed, changed and dissolved by an owner, and listed for every member', async () => {
    const { group, ana, ben, carl } = await house();
    const created = await send(ana.auth, 'POST', `/groups/${group.id}/units`, {
      name: 'Ana & Ben',
      member_ids: [ana.user.id, ben.user.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const unit = expectShape(ZGroupUnit, created.json());
    expect(unit.members.map((m) => m.id)).toEqual([ana.user.id, ben.user.id].sort((a, b) => a - b));

    const listed = (await send(carl.auth, 'GET', `/groups/${group.id}/units`)).json<unknown[]>();
    expect(listed).toEqual([unit]);
    const detail = expectShape(
      ZGroup,
      (await send(carl.auth, 'GET', `/groups/${group.id}`)).json(),
    );
    expect(detail.units).toEqual([unit]);
    expect(detail.members.find((m) => m.id === ben.user.id)?.unit_id).toBe(unit.id);
    expect(detail.members.find((m) => m.id === carl.user.id)?.unit_id).toBeNull();

    const renamed = await send(ana.auth, 'PATCH', `/groups/${group.id}/units/${unit.id}`, {
      name: 'The As',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'The As' });

    const changed = await send(ana.auth, 'PATCH', `/groups/${group.id}/units/${unit.id}`, {
      member_ids: [ana.user.id, carl.user.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ members: { id: number }[] }>().members.map((m) => m.id)).toEqual(
      [ana.user.id, carl.user.id].sort((a, b) => a - b),
    );

    const dissolved = await send(ana.auth, 'DELETE', `/groups/${group.id}/units/${unit.id}`);
    expect(dissolved.statusCode, dissolved.body).toBe(204);
    expect((await send(ana.auth, 'GET', `/groups/${group.id}/units`)).json()).toEqual([]);
  });

  it('keep a member in at most one unit, take only members, and need two of them', async () => {
    const { group, ana, ben, carl, outsider } = await house();
    const url = `/groups/${group.id}/units`;
    expect(
      (await send(ana.auth, 'POST', url, { name: 'AB', member_ids: [ana.user.id, ben.user.id] }))
        .statusCode,
    ).toBe(201);
    const twice = expectProblem(
      await send(ana.auth, 'POST', url, { name: 'BC', member_ids: [carl.user.id, ben.user.id] }),
      400,
      'validation_failed',
    );
    expect(twice.errors?.[0]).toMatchObject({ path: 'member_ids.1', code: 'in_another_unit' });
    const stranger = expectProblem(
      await send(ana.auth, 'POST', url, {
        name: 'CO',
        member_ids: [carl.user.id, outsider.user.id],
      }),
      400,
      'validation_failed',
    );
    expect(stranger.errors?.[0]).toMatchObject({ code: 'not_a_member' });
    expectProblem(
      await send(ana.auth, 'POST', url, { name: 'C', member_ids: [carl.user.id] }),
      400,
      'validation_failed',
    );
    expectProblem(
      await send(ana.auth, 'POST', url, { name: ' ', member_ids: [carl.user.id, ana.user.id] }),
      400,
      'validation_failed',
    );
  });

  it('answer 404 to outsiders and to units of another group, 403 to plain members changing them', async () => {
    const { group, ana, ben, carl, outsider } = await house();
    const unit = (
      await send(ana.auth, 'POST', `/groups/${group.id}/units`, {
        name: 'AB',
        member_ids: [ana.user.id, ben.user.id],
      })
    ).json<{ id: number }>();
    const other = await buildGroup(t.app, outsider, { name: 'Elsewhere' });
    for (const [method, url, body] of [
      ['GET', `/groups/${group.id}/units`, undefined],
      ['POST', `/groups/${group.id}/units`, { name: 'X', member_ids: [ana.user.id, ben.user.id] }],
      ['PATCH', `/groups/${group.id}/units/${unit.id}`, { name: 'X' }],
      ['DELETE', `/groups/${group.id}/units/${unit.id}`, undefined],
    ] as const) {
      expectProblem(await send(outsider.auth, method, url, body), 404, 'not_found');
      expectProblem(await send(undefined, method, url, body), 401, 'unauthenticated');
      if (method !== 'GET')
        expectProblem(await send(carl.auth, method, url, body), 403, 'forbidden');
    }
    expectProblem(
      await send(outsider.auth, 'PATCH', `/groups/${other.id}/units/${unit.id}`, { name: 'X' }),
      404,
      'not_found',
    );
  });
});

describe('settle-up with units', () => {
  it('suggests transfers between the unit and the third person, with reasons, and keeps each person’s own position', async () => {
    const { group, ana, ben, carl } = await house();
    // Ana pays 90 for all three; Carl pays 30 for all three.
    await spend(ana, group.id, 9000, [ana.user.id, ben.user.id, carl.user.id]);
    await spend(carl, group.id, 3000, [ana.user.id, ben.user.id, carl.user.id]);
    const alone = await summaryOf(ben, group.id);
    // Ana +50, Ben −40, Carl −10.
    expect(alone.transfers.map((x) => [x.from.id, x.to.id, x.amount_cents])).toEqual(
      expect.arrayContaining([
        [ben.user.id, ana.user.id, 4000],
        [carl.user.id, ana.user.id, 1000],
      ]),
    );
    expect(alone.transfers.every((x) => x.from_unit === null && x.to_unit === null)).toBe(true);

    const unit = expectShape(
      ZGroupUnit,
      (
        await send(ana.auth, 'POST', `/groups/${group.id}/units`, {
          name: 'Ana & Ben',
          member_ids: [ana.user.id, ben.user.id],
        })
      ).json(),
    );
    const summary = await summaryOf(carl, group.id);
    // The unit is +10 (50 − 40), Carl −10: one transfer, from Carl to the unit.
    expect(summary.transfers).toHaveLength(1);
    const [transfer] = summary.transfers;
    expect(transfer).toMatchObject({
      from: { id: carl.user.id },
      to: { id: Math.min(ana.user.id, ben.user.id) },
      to_unit: { id: unit.id, name: 'Ana & Ben' },
      from_unit: null,
      amount_cents: 1000,
    });
    // Between Carl and the unit: Carl owes Ana 30, Ana owes Carl 10, Ben owes Carl 10 (three
    // open expenses): Carl owes the unit 10 directly.
    expect(transfer!.reasons).toEqual([{ kind: 'direct', amount_cents: 1000, expense_count: 3 }]);
    // Each person still sees their own position.
    expect(summary.members.map((m) => [m.user.id, m.net_cents])).toEqual(
      [
        [ana.user.id, 5000],
        [ben.user.id, -4000],
        [carl.user.id, -1000],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    // The pairwise view is between people: Ben owes Ana 30, Carl owes Ana 20, Ben owes Carl 10.
    expect(summary.pairwise.map((d) => [d.from.id, d.to.id, d.amount_cents])).toEqual([
      [ben.user.id, ana.user.id, 3000],
      [carl.user.id, ana.user.id, 2000],
      [ben.user.id, carl.user.id, 1000],
    ]);

    // Dissolving the unit brings back the transfers between people.
    await send(ana.auth, 'DELETE', `/groups/${group.id}/units/${unit.id}`);
    const after = await summaryOf(carl, group.id);
    expect(after.transfers.every((x) => x.to_unit === null && x.from_unit === null)).toBe(true);
    expect(after.transfers.reduce((sum, x) => sum + x.amount_cents, 0)).toBe(5000);
  });

  it('explains a transfer that routes around, and a partial payment on the pairwise view', async () => {
    const { group, ana, ben, carl } = await house();
    // Carl paid 20 for himself and Ben (Ben owes Carl 10); Ana paid 20 for herself and Carl
    // (Carl owes Ana 10). Net: Ana +10, Ben −10, Carl 0: Ben pays Ana for Carl.
    await spend(carl, group.id, 2000, [ben.user.id, carl.user.id]);
    await spend(ana, group.id, 2000, [ana.user.id, carl.user.id]);
    const summary = await summaryOf(ben, group.id);
    expect(summary.transfers).toHaveLength(1);
    expect(summary.transfers[0]).toMatchObject({
      from: { id: ben.user.id },
      to: { id: ana.user.id },
      amount_cents: 1000,
      reasons: [
        { kind: 'through', amount_cents: 1000, through: { id: carl.user.id }, through_unit: null },
      ],
    });

    // Ben pays Carl 4 of the 10 he owes him.
    const paid = await send(ben.auth, 'POST', '/settlements', {
      group_id: group.id,
      to_id: carl.user.id,
      amount_cents: 400,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const later = await summaryOf(ben, group.id);
    expect(later.pairwise.find((d) => d.from.id === ben.user.id)).toMatchObject({
      to: { id: carl.user.id },
      amount_cents: 600,
      paid_cents: 400,
      expense_count: 1,
    });
    // Read again with nothing changed: the pair sums kept from the read before, the same answer.
    expect(await summaryOf(ben, group.id)).toEqual(later);
  });

  it('still clears every party after a member of a unit leaves the group with a balance', async () => {
    const { group, ana, ben, carl } = await house();
    await spend(ana, group.id, 9000, [ana.user.id, ben.user.id, carl.user.id]);
    await send(ana.auth, 'POST', `/groups/${group.id}/units`, {
      name: 'Ana & Ben',
      member_ids: [ana.user.id, ben.user.id],
    });
    const left = await send(ben.auth, 'POST', `/groups/${group.id}/leave`);
    expect(left.statusCode, left.body).toBe(204);
    // Ana is alone in the unit: it is dissolved.
    expect((await send(ana.auth, 'GET', `/groups/${group.id}/units`)).json()).toEqual([]);
    // Ana +60, Ben −30 (left, on his own again), Carl −30.
    const summary = await summaryOf(carl, group.id);
    expect(summary.transfers.every((x) => x.from_unit === null && x.to_unit === null)).toBe(true);
    expect(summary.transfers.map((x) => [x.from.id, x.to.id, x.amount_cents]).sort()).toEqual(
      [
        [ben.user.id, ana.user.id, 3000],
        [carl.user.id, ana.user.id, 3000],
      ].sort(),
    );
  });
});
