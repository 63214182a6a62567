/**
 * What a household's trips to a shop teach (issue 25 §3, docs/shop-trips.md). Every tick of an
 * item in supermarket mode is kept; the ticks of one list close together in time are one trip.
 * From the trips come the order in which the household walks through the shop, the items usually
 * bought together, and the items due again.
 */

/** One tick: the item's key (itemKey of its name), when (epoch ms), on which list. */
export interface Tick {
  key: string;
  at: number;
  listId: number;
}

/** One trip: the distinct keys in the order first ticked, and when it started (epoch ms). */
export interface Trip {
  start: number;
  keys: string[];
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Ticks further apart than this on one list start a new trip. */
export const TRIP_GAP_MS = 2 * HOUR_MS;

/** Lower-case, trimmed, inner whitespace collapsed, Unicode NFC: "  Oat  Milk " -> "oat milk". */
export function itemKey(name: string): string {
  // NFC first so that a decomposed capital lower-cases like its composed form, and again after,
  // since lower-casing may leave a base letter and a combining mark that compose.
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase().normalize('NFC');
}

/** Groups ticks per list into trips (sorted by time; a gap > gapMs starts a new trip); a key ticked twice in a trip counts at its first tick. Trips sorted by start. */
export function tripsFromTicks(ticks: readonly Tick[], gapMs: number = TRIP_GAP_MS): Trip[] {
  const byList = new Map<number, Tick[]>();
  for (const tick of ticks) {
    const list = byList.get(tick.listId);
    if (list) list.push(tick);
    else byList.set(tick.listId, [tick]);
  }
  const trips: { listId: number; trip: Trip }[] = [];
  for (const [listId, listTicks] of byList) {
    // Stable: ticks at the same instant keep the order they were given in.
    const sorted = [...listTicks].sort((a, b) => a.at - b.at);
    let trip: Trip | null = null;
    let seen = new Set<string>();
    let lastAt = 0;
    for (const tick of sorted) {
      // The gap is measured from the previous tick, not from the start: a long, steady shop is
      // one trip however long it takes.
      if (trip === null || tick.at - lastAt > gapMs) {
        trip = { start: tick.at, keys: [] };
        seen = new Set();
        trips.push({ listId, trip });
      }
      if (!seen.has(tick.key)) {
        seen.add(tick.key);
        trip.keys.push(tick.key);
      }
      lastAt = tick.at;
    }
  }
  // Two lists' trips that start at the same instant follow their list ids, so the result does
  // not depend on the order the ticks came in.
  trips.sort((a, b) => a.trip.start - b.trip.start || a.listId - b.listId);
  return trips.map((entry) => entry.trip);
}

/**
 * A trip's weight as an integer: 2^30 for a trip now (or dated later), halving every half-life,
 * never below 1. Integers keep every sum exact (a net score stays under 2^53 up to some 25,000
 * trips of 300 keys), so equal evidence compares as equal and ties fall to the key as promised,
 * whatever order the sums ran in.
 * The floor of 1 lets a trip years old still settle what no recent trip says anything about.
 */
function tripWeight(start: number, now: number, halfLifeDays: number): number {
  const ageDays = Math.max(0, now - start) / DAY_MS;
  const halfLives = halfLifeDays > 0 ? ageDays / halfLifeDays : ageDays > 0 ? Infinity : 0;
  return Math.max(1, Math.round(2 ** 30 * 0.5 ** halfLives));
}

/**
 * Every key seen in the trips, in the order that agrees best with them, a trip's weight halving every halfLifeDays (default 30) before `now`. Deterministic (ties broken by key).
 *
 * The rule: w[a][b] is the summed weight of the trips in which a was ticked before b. The order is
 * built from the front, one key at a time. Among the keys still to place, those that no other
 * such key beats by a majority (w[x][k] > w[k][x]) are the candidates: a key someone walks to
 * only after another should not go first. When every key is beaten (the trips disagree in a
 * cycle), all are candidates. Of the candidates the one with the highest net score, the sum of
 * w[k][x] - w[x][k] over the keys x still to place, goes next; equal scores go by key.
 *
 * When the trips never contradict one order and, between them, put each key right before the
 * next, exactly that order comes out: the first key left is the only one nobody beats.
 * Scores and beaten-counts are kept up to date as keys are placed, so the work is quadratic in
 * the number of keys plus the pairs within trips.
 *
 * A trip repeated often enough always becomes the order of its keys. A single new trip usually
 * brings the order closer to itself, but not always: where the trips disagree in a cycle, the
 * order is a compromise that one more trip can tip either way.
 */
export function learnWalkingOrder(
  trips: readonly Trip[],
  options: { now: number; halfLifeDays?: number },
): string[] {
  const halfLifeDays = options.halfLifeDays ?? 30;
  const keys = [...new Set(trips.flatMap((trip) => trip.keys))].sort(compareKeys);
  const n = keys.length;
  const index = new Map(keys.map((key, i) => [key, i]));
  // w[a * n + b]: weight of the trips in which a came before b.
  const w = new Float64Array(n * n);
  for (const trip of trips) {
    const weight = tripWeight(trip.start, options.now, halfLifeDays);
    // A trip from elsewhere may repeat a key; only its first place counts.
    const at = [...new Set(trip.keys)].map((key) => index.get(key)!);
    for (let i = 0; i < at.length; i++) {
      const row = at[i]! * n;
      for (let j = i + 1; j < at.length; j++) w[row + at[j]!]! += weight;
    }
  }

  const net = new Float64Array(n);
  const beatenBy = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const ab = w[a * n + b]!;
      const ba = w[b * n + a]!;
      net[a]! += ab - ba;
      net[b]! += ba - ab;
      if (ba > ab) beatenBy[a]!++;
      else if (ab > ba) beatenBy[b]!++;
    }
  }

  const placed = new Uint8Array(n);
  const order: number[] = [];
  for (let step = 0; step < n; step++) {
    let best = -1;
    let bestFree = false;
    // Keys are indexed in sorted order, so the first of equal candidates is the smaller key.
    for (let k = 0; k < n; k++) {
      if (placed[k]) continue;
      const free = beatenBy[k] === 0;
      if (best === -1 || (free && !bestFree) || (free === bestFree && net[k]! > net[best]!)) {
        best = k;
        bestFree = free;
      }
    }
    placed[best] = 1;
    order.push(best);
    // The placed key no longer counts for the scores or the majorities of the others.
    for (let k = 0; k < n; k++) {
      if (placed[k]) continue;
      const kb = w[k * n + best]!;
      const bk = w[best * n + k]!;
      net[k]! -= kb - bk;
      if (bk > kb) beatenBy[k]!--;
    }
  }
  // Where the trips disagree in a cycle, the net score may put a key right before one that beats
  // it. Swapping such neighbours lowers the weight of the trips the order contradicts, and never
  // touches an order every trip agrees with; the weights are integers, so the swaps come to an end.
  for (let swapped = true; swapped;) {
    swapped = false;
    for (let i = 0; i + 1 < n; i++) {
      const a = order[i]!;
      const b = order[i + 1]!;
      if (w[b * n + a]! > w[a * n + b]!) {
        order[i] = b;
        order[i + 1] = a;
        swapped = true;
      }
    }
  }
  return order.map((k) => keys[k]!);
}

/** Code-unit order: the same in every locale, so the learned order is too. */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Stable sort: values whose key is in `order` by their place in it, then the others in their given order. */
export function sortByWalkingOrder<T>(
  values: readonly T[],
  order: readonly string[],
  keyOf: (value: T) => string,
): T[] {
  const place = new Map<string, number>();
  order.forEach((key, i) => {
    if (!place.has(key)) place.set(key, i);
  });
  return values
    .map((value, i) => ({ value, i, place: place.get(keyOf(value)) ?? Infinity }))
    .sort((a, b) => (a.place === b.place ? a.i - b.i : a.place < b.place ? -1 : 1))
    .map((entry) => entry.value);
}

/** Keys most often in the same trip as `key` (not `key`, nothing in onList), most trips together first, ties by most recent then key; at most `limit` (default 5). `together` = trips with both. */
export function boughtWith(
  trips: readonly Trip[],
  key: string,
  onList: ReadonlySet<string>,
  limit = 5,
): { key: string; together: number; lastAt: number }[] {
  const found = new Map<string, { key: string; together: number; lastAt: number }>();
  for (const trip of trips) {
    if (!trip.keys.includes(key)) continue;
    for (const other of new Set(trip.keys)) {
      if (other === key || onList.has(other)) continue;
      const entry = found.get(other);
      if (entry) {
        entry.together++;
        entry.lastAt = Math.max(entry.lastAt, trip.start);
      } else found.set(other, { key: other, together: 1, lastAt: trip.start });
    }
  }
  return [...found.values()]
    .sort((a, b) => b.together - a.together || b.lastAt - a.lastAt || compareKeys(a.key, b.key))
    .slice(0, Math.max(0, limit));
}

/** The median of numbers sorted ascending; the mean of the middle two for an even count. */
function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Keys bought in >= 3 trips whose usual interval (median days between their trips, rounded, >= 1) has passed since the last one by `now`; none in onList; most overdue (relative to interval) first; at most `limit` (default 5). */
export function dueAgain(
  trips: readonly Trip[],
  onList: ReadonlySet<string>,
  now: number,
  limit = 5,
): { key: string; times: number; everyDays: number; lastAt: number }[] {
  const startsByKey = new Map<string, number[]>();
  for (const trip of trips) {
    for (const key of new Set(trip.keys)) {
      if (onList.has(key)) continue;
      const starts = startsByKey.get(key);
      if (starts) starts.push(trip.start);
      else startsByKey.set(key, [trip.start]);
    }
  }
  const due: { key: string; times: number; everyDays: number; lastAt: number; ratio: number }[] =
    [];
  for (const [key, starts] of startsByKey) {
    // Two purchases give one interval, which may be chance; three give a habit.
    if (starts.length < 3) continue;
    starts.sort((a, b) => a - b);
    const gapsDays = starts.slice(1).map((start, i) => (start - starts[i]!) / DAY_MS);
    // The median, not the mean: one forgotten week or one extra trip does not move the habit.
    // At least a day, so that two trips on one day do not make an item due at every moment.
    const everyDays = Math.max(1, Math.round(median(gapsDays.sort((a, b) => a - b))));
    const lastAt = starts.at(-1)!;
    const ratio = (now - lastAt) / (everyDays * DAY_MS);
    if (ratio >= 1) due.push({ key, times: starts.length, everyDays, lastAt, ratio });
  }
  return due
    .sort((a, b) => b.ratio - a.ratio || compareKeys(a.key, b.key))
    .slice(0, Math.max(0, limit))
    .map(({ key, times, everyDays, lastAt }) => ({ key, times, everyDays, lastAt }));
}
