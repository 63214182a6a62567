/** After the soak: every acknowledged write read back from the database, through the API. */
import { call } from '../lib/seed';
import type { Household } from './households';
import type { AcknowledgedWrite, UnacknowledgedCreate } from './workload';

/**
 * Reads every list back: each acknowledged create must be there, and each toggled item at least at
 * the version its last acknowledged toggle answered (versions only grow), in that state if no later
 * write (an unanswered one) moved it on.
 */
export async function verifyWrites(
  base: string,
  households: Household[],
  written: AcknowledgedWrite[],
  unacknowledgedCreates: UnacknowledgedCreate[],
  /** Items the load removed again: nothing written to them is looked for. */
  removed: Set<number>,
) {
  const acknowledged = written.filter((write) => !removed.has(write.itemId));
  const stored = new Map<number, { version: number; done: boolean }>();
  const names = new Map<Household, Set<string>>();
  for (const household of households) {
    const householdNames = new Set<string>();
    names.set(household, householdNames);
    for (const listId of household.listIds) {
      const list = await call<{
        items: { id: number; name: string; version: number; done: boolean }[];
      }>(base, household.ownerToken, 'GET', `/lists/${listId}`);
      for (const item of list.items) {
        stored.set(item.id, { version: item.version, done: item.done });
        householdNames.add(item.name);
      }
    }
  }
  const lastToggle = new Map<number, AcknowledgedWrite>();
  for (const write of acknowledged) {
    if (write.kind !== 'toggle') continue;
    const previous = lastToggle.get(write.itemId);
    if (!previous || write.version > previous.version) lastToggle.set(write.itemId, write);
  }
  const lostDetails: string[] = [];
  for (const write of acknowledged) {
    if (write.kind === 'create' && !stored.has(write.itemId)) {
      lostDetails.push(`item ${write.itemId}: created (201) but not stored`);
    }
  }
  for (const [itemId, write] of lastToggle) {
    const item = stored.get(itemId);
    if (!item) lostDetails.push(`item ${itemId}: toggled (200) but gone`);
    else if (item.version < write.version) {
      lostDetails.push(`item ${itemId}: answered version ${write.version}, stored ${item.version}`);
    } else if (item.version === write.version && item.done !== write.done) {
      lostDetails.push(`item ${itemId}: answered done=${write.done} at version ${write.version}`);
    }
  }
  const toggles = acknowledged.filter((write) => write.kind === 'toggle').length;
  return {
    acknowledgedCreates: acknowledged.length - toggles,
    acknowledgedToggles: toggles,
    lost: lostDetails.length,
    lostDetails,
    unacknowledgedCreates: Object.fromEntries(
      [...new Set(unacknowledgedCreates.map((create) => create.outcome))].map((outcome) => {
        const told = unacknowledgedCreates.filter((create) => create.outcome === outcome);
        const stored = told.filter(({ household, name }) => names.get(household)!.has(name));
        return [outcome, { count: told.length, stored: stored.length }];
      }),
    ),
  };
}
