/**
 * How stable the suggested transfers are (issue "Expenses", §4): in random households, one more
 * small expense is added and the suggestions before and after are compared. A suggestion counts as
 * changed when the same payer, receiver and amount is not among the new ones.
 *
 * With `--units`, households of four or more have a couple (two of six or more: two couples), who
 * settle as one party (docs/expenses.md "Units"): the suggestions run between parties.
 *
 * `npm run bench:settle-up -- [--cases 20000] [--seed 1] [--units]`; prints the distribution.
 */
import { parseArgs } from 'node:util';
import {
  netBalances,
  splitExpense,
  suggestTransfers,
  unitBalances,
  type LedgerExpense,
} from '@household/domain';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    units: { type: 'boolean', default: false },
  },
});
const cases = Number(values.cases);
let state = Number(values.seed) >>> 0 || 1;
/** xorshift32: the same seed gives the same households on every machine. */
function random(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
}
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const someOf = (ids: number[], count: number) =>
  [...ids].sort(() => random() - 0.5).slice(0, count);

function expense(ids: number[], maxCents: number): LedgerExpense {
  const sharers = someOf(ids, between(2, ids.length));
  const split = splitExpense(between(100, maxCents), { type: 'equal', participants: sharers });
  if (!split.ok) throw new Error('refused');
  return { payerId: ids[between(0, ids.length - 1)]!, shares: split.shares };
}

const key = (t: { fromId: number; toId: number; amountCents: number }) =>
  `${t.fromId}>${t.toId}:${t.amountCents}`;

const byGroupSize = new Map<number, number[]>();
for (let run = 0; run < cases; run += 1) {
  const n = between(3, 12);
  const ids = Array.from({ length: n }, (_, index) => index + 1);
  const history = Array.from({ length: between(10, 60) }, () => expense(ids, 20_000));
  // Members 1 and 2 a couple (unit 1) from four on, 3 and 4 another (unit 2) from six on.
  const unitOf = new Map<number, number>(
    !values.units || n < 4
      ? []
      : [
          [1, 1],
          [2, 1],
          ...(n >= 6
            ? ([
                [3, 2],
                [4, 2],
              ] as const)
            : []),
        ],
  );
  const parties = (expenses: LedgerExpense[]) => {
    const balances = unitBalances(netBalances(expenses, []), unitOf);
    return new Map([...balances].filter(([, cents]) => cents !== 0));
  };
  const before = suggestTransfers(parties(history));
  // A small expense: a coffee, a bag of bread, up to 5.00 among two or three.
  const small = expense(someOf(ids, between(2, 3)), 500);
  const after = suggestTransfers(parties([...history, small]), before);
  const kept = new Set(before.map(key));
  const changed = after.filter((transfer) => !kept.has(key(transfer))).length;
  const counts = byGroupSize.get(n) ?? [];
  counts.push(changed);
  byGroupSize.set(n, counts);
}

const all = [...byGroupSize.values()].flat();
const share = (list: number[], max: number) =>
  `${((100 * list.filter((changed) => changed <= max).length) / list.length).toFixed(1)} %`;
console.log(`${cases} cases, seed ${values.seed}${values.units ? ', with units' : ''}`);
console.log('members | cases | ≤ 1 changed | ≤ 2 changed | ≤ 3 changed | mean changed');
for (const [n, list] of [...byGroupSize].sort((a, b) => a[0] - b[0])) {
  const mean = (list.reduce((sum, value) => sum + value, 0) / list.length).toFixed(2);
  console.log(
    `${n} | ${list.length} | ${share(list, 1)} | ${share(list, 2)} | ${share(list, 3)} | ${mean}`,
  );
}
const mean = (all.reduce((sum, value) => sum + value, 0) / all.length).toFixed(2);
console.log(
  `all | ${all.length} | ${share(all, 1)} | ${share(all, 2)} | ${share(all, 3)} | ${mean}`,
);
