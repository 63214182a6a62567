import {
  ZBalanceSummary,
  ZExpense,
  ZReport,
  ZSettleSplitResult,
  type BalanceSummary,
  type Expense,
} from '@household/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectShape } from '../../../test/support/assertions';
import {
  addMember,
  buildGroup,
  type TestUser,
  buildHousehold,
  type TestHousehold,
} from '../../../test/support/factories';
import { sender } from '../../../test/support/requests';
import { expectLedgerConsistent } from '../../../test/support/ledger';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

// docs/expenses.md "Several payers": an expense paid by several people, on both engines.

let t: TestApp;
const send = sender(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Household = TestHousehold;
const household = () => buildHousehold(t.app, { name: 'Flat' });

const payer = (who: TestUser, amountCents: number) => ({
  user_id: who.user.id,
  amount_cents: amountCents,
});

/** 50.00 shared equally by the three, paid by Ann 30.00 and Ben 20.00. */
async function dinner({ ann, ben, cat, group }: Household): Promise<Expense> {
  const response = await send(ann.auth, 'POST', '/expenses', {
    group_id: group.id,
    description: 'Dinner',
    date: '2026-11-20',
    amount_cents: 5000,
    payers: [payer(ann, 3000), payer(ben, 2000)],
    split: { type: 'equal', participants: [ann.user.id, ben.user.id, cat.user.id] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return expectShape(ZExpense, response.json());
}

async function summary(by: TestUser, groupId: number): Promise<BalanceSummary> {
  const response = await send(by.auth, 'GET', `/costs/groups/${groupId}/balance-summary`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(ZBalanceSummary, response.json());
}

const netsOf = (s: BalanceSummary, people: TestUser[]) =>
  people.map((who) => s.members.find((m) => m.user.id === who.user.id)?.net_cents ?? 0);

/** What each person paid less what they owe, from the expense as the API shows it. */
function expectedNets(expense: Expense, people: TestUser[]) {
  return people.map((who) => {
    const paid =
      expense.payers?.find((p) => p.user.id === who.user.id)?.amount_cents ??
      (expense.paid_by.id === who.user.id && !expense.payers ? expense.amount_cents : 0);
    const owed = expense.splits
      .filter((split) => split.user.id === who.user.id)
      .reduce((sum, split) => sum + split.amount_cents, 0);
    return paid - owed;
  });
}

describe('an expense several people paid', () => {
  it('divides each share among the payers as they paid; balances are paid less owed', async () => {
    const h = await household();
    const { ann, ben, cat, group } = h;
    const expense = await dinner(h);
    expect(expense.paid_by.id).toBe(ann.user.id);
    expect(expense.payers?.map((p) => [p.user.id, p.amount_cents])).toEqual([
      [ann.user.id, 3000],
      [ben.user.id, 2000],
    ]);
    // Every person's rows add up to their share, every payer's to what they paid.
    const owedBy = (who: TestUser) =>
      expense.splits
        .filter((s) => s.user.id === who.user.id)
        .reduce((sum, s) => sum + s.amount_cents, 0);
    const paidTo = (who: TestUser) =>
      expense.splits
        .filter((s) => s.payer.id === who.user.id)
        .reduce((sum, s) => sum + s.amount_cents, 0);
    expect([ann, ben, cat].map(owedBy).sort()).toEqual([1666, 1667, 1667]);
    expect([paidTo(ann), paidTo(ben)]).toEqual([3000, 2000]);
    const catRows = expense.splits.filter((s) => s.user.id === cat.user.id);
    expect(catRows.map((s) => s.payer.id)).toEqual([ann.user.id, ben.user.id]);
    // A payer's own part is settled from the start; the rest is open.
    for (const split of expense.splits) {
      expect(split.status).toBe(split.user.id === split.payer.id ? 'settled' : 'unsettled');
    }
    expect(expense.payment_status).toBe('unpaid');
    const nets = netsOf(await summary(ann, group.id), [ann, ben, cat]);
    expect(nets).toEqual(expectedNets(expense, [ann, ben, cat]));
    expect(nets.reduce((a, b) => a + b, 0)).toBe(0);
    await expectLedgerConsistent(t.database.db, group.id);
  });

  it('settles my share row by row, each to its own payer', async () => {
    const h = await household();
    const { ann, ben, cat, group } = h;
    const expense = await dinner(h);
    const toBen = expense.splits.find(
      (s) => s.user.id === cat.user.id && s.payer.id === ben.user.id,
    )!;
    const response = await send(
      cat.auth,
      'POST',
      `/expenses/${expense.id}/splits/${toBen.id}/settle`,
      { amount_cents: toBen.amount_cents },
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = expectShape(ZSettleSplitResult, response.json());
    expect(result.settlement.to.id).toBe(ben.user.id);
    expect(result.expense.splits.find((s) => s.id === toBen.id)?.status).toBe('settled');
    expect(result.expense.payment_status).toBe('partially_paid');
    const nets = netsOf(await summary(ann, group.id), [ann, ben, cat]);
    const before = expectedNets(expense, [ann, ben, cat]);
    expect(nets).toEqual([
      before[0],
      before[1]! - toBen.amount_cents,
      before[2]! + toBen.amount_cents,
    ]);
    await expectLedgerConsistent(t.database.db, group.id);
  });

  it('refuses payers that do not add up, a stranger, a person twice, or paid_by beside payers', async () => {
    const { ann, ben, cat, outsider, group } = await household();
    const base = {
      group_id: group.id,
      description: 'Dinner',
      date: '2026-11-20',
      amount_cents: 5000,
      split: { type: 'equal', participants: [ann.user.id, ben.user.id, cat.user.id] },
    };
    const short = await send(ann.auth, 'POST', '/expenses', {
      ...base,
      payers: [payer(ann, 3000), payer(ben, 1000)],
    });
    expect(expectProblem(short, 400, 'validation_failed').errors).toEqual([
      {
        path: 'payers',
        code: 'payers_sum_mismatch',
        message: "The payers' amounts must add up to the total: €10.00 left to assign",
      },
    ]);
    const stranger = await send(ann.auth, 'POST', '/expenses', {
      ...base,
      payers: [payer(ann, 3000), payer(outsider, 2000)],
    });
    expect(expectProblem(stranger, 400, 'validation_failed').errors?.[0]?.path).toBe(
      'payers.1.user_id',
    );
    const twice = await send(ann.auth, 'POST', '/expenses', {
      ...base,
      payers: [payer(ann, 3000), payer(ann, 2000)],
    });
    expect(expectProblem(twice, 400, 'validation_failed').errors?.[0]?.code).toBe(
      'duplicate_payer',
    );
    const both = await send(ann.auth, 'POST', '/expenses', {
      ...base,
      paid_by: ann.user.id,
      payers: [payer(ann, 3000), payer(ben, 2000)],
    });
    expectProblem(both, 400, 'validation_failed');
    const zero = await send(ann.auth, 'POST', '/expenses', {
      ...base,
      payers: [payer(ann, 5000), payer(ben, 0)],
    });
    expectProblem(zero, 400, 'validation_failed');
    const list = await send(ann.auth, 'GET', `/groups/${group.id}/expenses`);
    expect(list.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('edits: a new total must come with payers that add up; payments carry over per payer', async () => {
    const h = await household();
    const { ann, ben, cat, group } = h;
    const expense = await dinner(h);
    const toAnn = expense.splits.find(
      (s) => s.user.id === cat.user.id && s.payer.id === ann.user.id,
    )!;
    const paid = expectShape(
      ZSettleSplitResult,
      (
        await send(cat.auth, 'POST', `/expenses/${expense.id}/splits/${toAnn.id}/settle`, {
          amount_cents: 500,
        })
      ).json(),
    );
    const onlyTotal = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: paid.expense.version,
      amount_cents: 6000,
    });
    expect(expectProblem(onlyTotal, 400, 'validation_failed').errors?.[0]?.code).toBe(
      'payers_sum_mismatch',
    );
    const bigger = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: paid.expense.version,
      amount_cents: 6000,
      payers: [payer(ann, 3000), payer(ben, 3000)],
    });
    expect(bigger.statusCode, bigger.body).toBe(200);
    const edited = expectShape(ZExpense, bigger.json());
    expect(edited.payers?.map((p) => p.amount_cents)).toEqual([3000, 3000]);
    expect(
      edited.splits.find((s) => s.user.id === cat.user.id && s.payer.id === ann.user.id),
    ).toMatchObject({ amount_cents: 1000, settled_cents: 500, status: 'partially_settled' });
    let nets = netsOf(await summary(ann, group.id), [ann, ben, cat]);
    const owed = expectedNets(edited, [ann, ben, cat]);
    expect(nets).toEqual([owed[0]! - 500, owed[1], owed[2]! + 500]);
    await expectLedgerConsistent(t.database.db, group.id);

    // Back to one payer: payers are gone, the payment to Ann still counts against Cat's split.
    const single = await send(ann.auth, 'PATCH', `/expenses/${expense.id}`, {
      version: edited.version,
      paid_by: ann.user.id,
    });
    expect(single.statusCode, single.body).toBe(200);
    const one = expectShape(ZExpense, single.json());
    expect(one.payers).toBeNull();
    expect(new Set(one.splits.map((s) => s.payer.id))).toEqual(new Set([ann.user.id]));
    expect(one.splits.find((s) => s.user.id === cat.user.id)?.settled_cents).toBe(500);
    nets = netsOf(await summary(ann, group.id), [ann, ben, cat]);
    expect(nets).toEqual([4000 - 500, -2000, -2000 + 500]);
    await expectLedgerConsistent(t.database.db, group.id);

    const deleted = await send(
      ann.auth,
      'DELETE',
      `/expenses/${expense.id}?version=${one.version}`,
    );
    expect(deleted.statusCode).toBe(204);
    await expectLedgerConsistent(t.database.db, group.id);
  });

  it('a payer who owes nothing sees the expense among theirs and may change it', async () => {
    const { ann, ben, cat, group } = await household();
    const created = await send(ann.auth, 'POST', '/expenses', {
      group_id: group.id,
      description: 'Taxi',
      date: '2026-11-20',
      amount_cents: 3000,
      payers: [payer(ann, 1000), payer(ben, 2000)],
      split: { type: 'equal', participants: [ann.user.id, cat.user.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const taxi = expectShape(ZExpense, created.json());
    expect(taxi.paid_by.id).toBe(ben.user.id);
    const mine = await send(ben.auth, 'GET', '/expenses');
    expect(mine.json<{ items: Expense[] }>().items.map((item) => item.id)).toContain(taxi.id);
    const byAnn = await send(ann.auth, 'PATCH', `/expenses/${taxi.id}`, {
      version: taxi.version,
      description: 'Taxi home',
    });
    expect(byAnn.statusCode, byAnn.body).toBe(200);
    const byCat = await send(cat.auth, 'PATCH', `/expenses/${taxi.id}`, {
      version: taxi.version + 1,
      description: 'Mine',
    });
    expectProblem(byCat, 403, 'forbidden');
    expect(netsOf(await summary(ann, group.id), [ann, ben, cat])).toEqual([-500, 2000, -1500]);
    await expectLedgerConsistent(t.database.db, group.id);
  });

  it('reports what each payer paid, and my share as the sum of my rows', async () => {
    const h = await household();
    const { ann, ben, cat, group } = h;
    await dinner(h);
    const report = expectShape(
      ZReport,
      (await send(ben.auth, 'GET', `/reports?group_id=${group.id}`)).json(),
    );
    const paid = (who: TestUser) =>
      report.by_member.find((row) => row.user.id === who.user.id)?.paid_cents ?? 0;
    expect([paid(ann), paid(ben), paid(cat)]).toEqual([3000, 2000, 0]);
    const mine = expectShape(ZReport, (await send(cat.auth, 'GET', '/reports')).json());
    expect(mine.totals).toEqual([{ currency: 'EUR', total_cents: 1667 }]);
    const page = await send(cat.auth, 'GET', `/groups/${group.id}/expenses`);
    expect(page.statusCode, page.body).toBe(200);
  });

  it('exports to Splitwise CSV and reads back to the same balances', async () => {
    const h = await household();
    const { ann, ben, cat, group } = h;
    await dinner(h);
    const exported = (await send(ann.auth, 'GET', `/groups/${group.id}/expenses/export`)).body;
    const copy = await buildGroup(t.app, ann, { name: 'Copy' });
    await addMember(t.app, copy, ben);
    await addMember(t.app, copy, cat);
    const imported = await send(ann.auth, 'POST', `/groups/${copy.id}/expenses/import`, {
      content: exported,
      dry_run: false,
    });
    expect(imported.json()).toMatchObject({ expenses: 1, skipped: [] });
    const [before, after] = [await summary(ann, group.id), await summary(ann, copy.id)];
    expect(netsOf(after, [ann, ben, cat])).toEqual(netsOf(before, [ann, ben, cat]));
    await expectLedgerConsistent(t.database.db, copy.id);
  });

  it('imports a Splitwise row several people paid instead of skipping it', async () => {
    const { ann, ben, cat, group } = await household();
    const csv = [
      'Date,Description,Category,Cost,Currency,Ann,Ben,Cat',
      '2026-02-01,Dinner,Dining out,50.00,EUR,13.33,3.34,-16.67',
    ].join('\n');
    const imported = await send(ann.auth, 'POST', `/groups/${group.id}/expenses/import`, {
      content: csv,
      dry_run: false,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ expenses: 1, skipped: [] });
    const list = await send(ann.auth, 'GET', `/groups/${group.id}/expenses`);
    expect(list.statusCode, list.body).toBe(200);
    const [expense] = list.json<{ items: Expense[] }>().items;
    expect(expense?.payers?.length).toBe(2);
    expect(netsOf(await summary(ann, group.id), [ann, ben, cat])).toEqual([1333, 334, -1667]);
    await expectLedgerConsistent(t.database.db, group.id);
  });
});
