/**
 * Units (issue "Money the way households share it" §3): members joined in a unit, a couple, settle
 * as one party. A unit's position is the sum of its members' (what one owes the other stays inside
 * the unit), so the suggested transfers run between units and members in none, and each person's
 * own position is still there to be shown.
 */

/**
 * A party of the settle-up: a member in no unit (their user id) or a unit. Ids are positive, so a
 * unit's party is its id negated: one map holds both, and `suggestTransfers` runs on it as is.
 */
export type Party = number;

/** The party of a unit. */
export function unitParty(unitId: number): Party {
  if (!Number.isSafeInteger(unitId) || unitId <= 0) throw new RangeError(`unit id ${unitId}`);
  return -unitId;
}

/** Whether a party is a unit (else it is a member in none). */
export const isUnitParty = (party: Party): boolean => party < 0;

/** The unit id of a unit's party. */
export const unitOfParty = (party: Party): number => -party;

/** The party a member settles as: their unit's, or their own when they are in none. */
export function partyOf(userId: number, unitOf: ReadonlyMap<number, number>): Party {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError(`user id ${userId}`);
  const unitId = unitOf.get(userId);
  return unitId === undefined ? userId : unitParty(unitId);
}

/**
 * Each party's position from its members' (user id → cents; `unitOf`: user id → unit id, members in
 * no unit left out): a unit's is the sum of its members', a member in none keeps their own. Adds up
 * to what the members' positions add up to, zero for a group.
 */
export function unitBalances(
  balances: ReadonlyMap<number, number>,
  unitOf: ReadonlyMap<number, number>,
): Map<Party, number> {
  const parties = new Map<Party, number>();
  for (const [userId, cents] of balances) {
    const party = partyOf(userId, unitOf);
    parties.set(party, (parties.get(party) ?? 0) + cents);
  }
  return parties;
}
