/**
 * An expense paid by several people (docs/expenses.md "Several payers"): who paid how much, and
 * the ledger rows that say who owes what to whom. Each person's share is divided among the payers
 * in proportion to what they paid, in whole minor units, so that every person's rows add up to
 * their share and every payer's rows add up to what they paid, exactly.
 */

/** One payer of an expense and what they paid of it, in minor units. */
export interface PayerAmount {
  userId: number;
  amountCents: number;
}

/** One ledger row of an expense: `userId` owes `amountCents` of their share to `payerId`. */
export interface PayerRow {
  userId: number;
  payerId: number;
  amountCents: number;
}

export type PayersError =
  | { code: 'no_payers' }
  | { code: 'duplicate_payer'; userId: number }
  | { code: 'not_positive'; userId: number }
  /** `differenceCents` = total − the payers' sum (> 0: left to assign). */
  | { code: 'payers_sum_mismatch'; differenceCents: number };

/**
 * Checks a list of payers against the expense's total: at least one, each named once, each
 * amount a positive whole number, adding up to the total. Null when it holds.
 */
export function checkPayers(
  payers: readonly PayerAmount[],
  totalCents: number,
): PayersError | null {
  if (payers.length === 0) return { code: 'no_payers' };
  const seen = new Set<number>();
  for (const payer of payers) {
    if (seen.has(payer.userId)) return { code: 'duplicate_payer', userId: payer.userId };
    seen.add(payer.userId);
    if (!Number.isSafeInteger(payer.amountCents) || payer.amountCents <= 0) {
      return { code: 'not_positive', userId: payer.userId };
    }
  }
  const sum = payers.reduce((total, payer) => total + payer.amountCents, 0);
  return sum === totalCents
    ? null
    : { code: 'payers_sum_mismatch', differenceCents: totalCents - sum };
}

/** The payer who paid most, the first of equals: the expense's `paid_by`. */
export function mainPayer(payers: readonly PayerAmount[]): number {
  let main = payers[0]!;
  for (const payer of payers) if (payer.amountCents > main.amountCents) main = payer;
  return main.userId;
}

/**
 * The ledger rows of an expense: each share divided among the payers in proportion to what they
 * paid (payers must pass `checkPayers` against the shares' sum). Rows with 0 are left out, except
 * that a share of 0 keeps one row of 0 with the main payer, so the person still shows in the split
 * as with one payer. A person's row with themself as payer stays: it is their own part, settled
 * from the start like a single payer's own share.
 *
 * Rounding: every row starts at the floor of its exact part; the cents each share and each payer
 * still miss are then handed out one per row, share by share in the order given, to the payers
 * with the largest fractions first. When a payer's cents are all given, an earlier share's cent
 * moves along a chain of rows (an augmenting path) to make room. Such a rounding always exists:
 * the exact parts satisfy both sums and the transportation constraints are totally unimodular, so
 * both sums hold exactly and every row is its exact part rounded down or up.
 */
export function divideAmongPayers(
  shares: readonly { userId: number; amountCents: number }[],
  payers: readonly PayerAmount[],
): PayerRow[] {
  const totalCents = payers.reduce((sum, payer) => sum + payer.amountCents, 0);
  if (payers.length === 1 || totalCents === 0) {
    const payerId = payers[0]?.userId ?? 0;
    return shares.map((share) => ({
      userId: share.userId,
      payerId,
      amountCents: share.amountCents,
    }));
  }
  const main = mainPayer(payers);
  // Exact parts as floor + remainder numerator (over totalCents), in integers: no float drift.
  const grid = shares.map((share) =>
    payers.map((payer) => {
      const product = BigInt(share.amountCents) * BigInt(payer.amountCents);
      const total = BigInt(totalCents);
      return { floor: Number(product / total), fraction: Number(product % total) };
    }),
  );
  const columnNeed = payers.map(
    (payer, j) => payer.amountCents - grid.reduce((sum, row) => sum + row[j]!.floor, 0),
  );
  // raised[i][j]: row (i, j) got its cent above the floor.
  const raised = grid.map((row) => row.map(() => false));
  const candidates = grid.map((row) =>
    row
      .map((cell, j) => ({ j, fraction: cell.fraction }))
      .filter((cell) => cell.fraction > 0)
      .sort((a, b) => b.fraction - a.fraction || a.j - b.j)
      .map((cell) => cell.j),
  );
  // Kuhn's augmenting path: give share i one more cent, moving other shares' cents if needed.
  const augment = (i: number, visited: Set<number>): boolean => {
    for (const j of candidates[i]!) {
      if (raised[i]![j] || visited.has(j)) continue;
      visited.add(j);
      if (columnNeed[j]! > 0) {
        columnNeed[j]! -= 1;
        raised[i]![j] = true;
        return true;
      }
      for (let other = 0; other < shares.length; other += 1) {
        if (other === i || !raised[other]![j]) continue;
        if (augment(other, visited)) {
          raised[other]![j] = false;
          raised[i]![j] = true;
          return true;
        }
      }
    }
    return false;
  };
  shares.forEach((share, i) => {
    const missing = share.amountCents - grid[i]!.reduce((sum, cell) => sum + cell.floor, 0);
    for (let cent = 0; cent < missing; cent += 1) augment(i, new Set());
  });
  const amounts = grid.map((row, i) => row.map((cell, j) => cell.floor + (raised[i]![j] ? 1 : 0)));
  const rows: PayerRow[] = [];
  shares.forEach((share, i) => {
    if (share.amountCents === 0) {
      rows.push({ userId: share.userId, payerId: main, amountCents: 0 });
      return;
    }
    payers.forEach((payer, j) => {
      const amountCents = amounts[i]![j]!;
      if (amountCents > 0) rows.push({ userId: share.userId, payerId: payer.userId, amountCents });
    });
  });
  return rows;
}
