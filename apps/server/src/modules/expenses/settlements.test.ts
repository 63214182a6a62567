import { ZExpense, ZSettleSplitResult, ZSettlement, type Expense } from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import { addMember, buildGroup, buildUser, type TestUser } from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/expenses.md "Settling a share": a payment made against a split, edited later, still never
// settles more than the split; the refusal names what the payment may be at most.

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function benSplit(by: TestUser, expenseId: number) {
  const expense = expectShape(
    ZExpense,
    (await send(by.auth, 'GET', `/expenses/${expenseId}`)).json(),
  );
  return expense.splits.find((split) => split.user.id !== expense.paid_by.id)!;
}

describe('editing a payment made against a split', () => {
  it('refuses to settle more than the split, naming what the payment may be, and changes nothing', async () => {
    const ann = await buildUser(t.app, { name: 'Ann' });
    const ben = await buildUser(t.app, { name: 'Ben' });
    const group = await buildGroup(t.app, ann, { name: 'Flat', currency: 'EUR' });
    await addMember(t.app, group, ben);
    const created = await send(ann.auth, 'POST', '/expenses', {
      group_id: group.id,
      description: 'Rent',
      date: '2026-11-20',
      amount_cents: 2000,
      split: { type: 'equal', participants: [ann.user.id, ben.user.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const expense: Expense = created.json();
    const split = expense.splits.find((candidate) => candidate.user.id === ben.user.id)!;
    const settle = (amount: number) =>
      send(ben.auth, 'POST', `/expenses/${expense.id}/splits/${split.id}/settle`, {
        amount_cents: amount,
      });
    const first = expectShape(ZSettleSplitResult, (await settle(400)).json()).settlement;

    // 1000 owed, 400 paid by this very payment: it may become at most 1000.
    const tooMuch = expectProblem(
      await send(ben.auth, 'PATCH', `/settlements/${first.id}`, { version: 1, amount_cents: 1001 }),
      400,
      'validation_failed',
    );
    expect(tooMuch.errors).toEqual([
      {
        path: 'amount_cents',
        code: 'exceeds_remaining',
        message: 'Amount cannot exceed remaining: €10.00',
      },
    ]);
    expect(await benSplit(ann, expense.id)).toMatchObject({ settled_cents: 400 });

    const lower = await send(ben.auth, 'PATCH', `/settlements/${first.id}`, {
      version: 1,
      amount_cents: 300,
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(await benSplit(ann, expense.id)).toMatchObject({
      settled_cents: 300,
      remaining_cents: 700,
    });
    const second = expectShape(ZSettleSplitResult, (await settle(700)).json()).settlement;

    // The split is paid in full now: the first payment may not grow past its own 3.00.
    const full = expectProblem(
      await send(ben.auth, 'PATCH', `/settlements/${first.id}`, { version: 2, amount_cents: 301 }),
      400,
      'validation_failed',
    );
    expect(full.errors).toEqual([
      {
        path: 'amount_cents',
        code: 'exceeds_remaining',
        message: 'Amount cannot exceed remaining: €3.00',
      },
    ]);
    const same = await send(ben.auth, 'PATCH', `/settlements/${first.id}`, {
      version: 2,
      amount_cents: 300,
      note: 'Cash',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(expectShape(ZSettlement, same.json())).toMatchObject({
      amount_cents: 300,
      note: 'Cash',
    });

    // Deleting a payment opens its split again by its amount.
    const deleted = await send(ben.auth, 'DELETE', `/settlements/${second.id}?version=1`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await benSplit(ann, expense.id)).toMatchObject({
      settled_cents: 300,
      remaining_cents: 700,
      status: 'partially_settled',
    });
  });

  it('names the remaining amount in the group currency’s own minor units', async () => {
    const ann = await buildUser(t.app, { name: 'Ann' });
    const ben = await buildUser(t.app, { name: 'Ben' });
    const group = await buildGroup(t.app, ann, { name: 'Tokyo', currency: 'JPY' });
    await addMember(t.app, group, ben);
    const expense: Expense = (
      await send(ann.auth, 'POST', '/expenses', {
        group_id: group.id,
        description: 'Rent',
        date: '2026-11-20',
        amount_cents: 3000,
        split: { type: 'equal', participants: [ann.user.id, ben.user.id] },
      })
    ).json();
    const split = expense.splits.find((candidate) => candidate.user.id === ben.user.id)!;
    const paid = expectShape(
      ZSettleSplitResult,
      (
        await send(ben.auth, 'POST', `/expenses/${expense.id}/splits/${split.id}/settle`, {
          amount_cents: 1000,
        })
      ).json(),
    );
    const refused = expectProblem(
      await send(ben.auth, 'PATCH', `/settlements/${paid.settlement.id}`, {
        version: 1,
        amount_cents: 1501,
      }),
      400,
      'validation_failed',
    );
    expect(refused.errors?.[0]?.message).toBe('Amount cannot exceed remaining: ¥1,500');
  });
});
