import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TRIP_GAP_MS,
  boughtWith,
  dueAgain,
  itemKey,
  learnWalkingOrder,
  sortByWalkingOrder,
  tripsFromTicks,
} from './shop-trips';
import type { Tick, Trip } from './shop-trips';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 30, 12);

/** A few keys, so that trips share them as a household's trips do. */
const arbKey: fc.Arbitrary<string> = fc.constantFrom(
  'milk',
  'bread',
  'eggs',
  'apples',
  'rice',
  'soap',
  'tea',
  'oats',
);
const arbTrip: fc.Arbitrary<Trip> = fc.record({
  start: fc.integer({ min: NOW - 365 * DAY, max: NOW }),
  keys: fc.uniqueArray(arbKey, { maxLength: 8 }),
});
const arbTrips = fc.array(arbTrip, { maxLength: 12 });
const arbOnList = fc.uniqueArray(arbKey).map((keys) => new Set(keys));

/** The keys of `order` that are in `keys`, in the order's sequence. */
const restrict = (order: readonly string[], keys: readonly string[]) =>
  order.filter((key) => keys.includes(key));

describe('item keys', () => {
  it('ignore case, outer spaces and runs of inner white space', () => {
    expect(itemKey('  Oat  Milk ')).toBe('oat milk');
    expect(itemKey('OAT\tmilk\n')).toBe('oat milk');
    expect(itemKey('oat milk')).toBe('oat milk');
  });

  it('are the same for a name typed with composed or decomposed accents', () => {
    expect(itemKey('Cre\u0300me Frai\u0302che')).toBe('crème fraîche');
    expect(itemKey('Crème Fraîche')).toBe(itemKey('Cre\u0300me Frai\u0302che'));
  });

  it('are their own key', () => {
    // The pieces where case, composition and white space interact, and any graphemes besides.
    const piece = fc.oneof(
      fc.constantFrom('A', 'e', '\u0301', '\u0300', 'É', 'İ', 'ß', 'Σ', 'ς', 'Å', '\u212b'),
      fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000'),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
        (name) => {
          expect(itemKey(itemKey(name))).toBe(itemKey(name));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('trips from ticks', () => {
  const tick = (key: string, at: number, listId = 1): Tick => ({ key, at, listId });

  it('starts a new trip after a pause longer than two hours, not after one of two hours', () => {
    const trips = tripsFromTicks([
      tick('milk', NOW),
      tick('bread', NOW + 2 * HOUR),
      tick('eggs', NOW + 4 * HOUR + 1),
    ]);
    expect(trips).toEqual([
      { start: NOW, keys: ['milk', 'bread'] },
      { start: NOW + 4 * HOUR + 1, keys: ['eggs'] },
    ]);
    expect(TRIP_GAP_MS).toBe(2 * HOUR);
  });

  it('measures the pause from the previous tick, so a long steady shop is one trip', () => {
    const ticks = [0, 1, 2, 3, 4].map((i) => tick(`item ${i}`, NOW + i * 90 * MINUTE));
    expect(tripsFromTicks(ticks)).toHaveLength(1);
  });

  it('keeps the lists apart even when they are ticked at the same time', () => {
    const trips = tripsFromTicks([
      tick('milk', NOW, 2),
      tick('soap', NOW + MINUTE, 1),
      tick('bread', NOW + 2 * MINUTE, 2),
      tick('tea', NOW, 1),
    ]);
    expect(trips).toEqual([
      { start: NOW, keys: ['tea', 'soap'] },
      { start: NOW, keys: ['milk', 'bread'] },
    ]);
  });

  it('orders ticks by time and counts a key ticked twice at its first tick', () => {
    const trips = tripsFromTicks([
      tick('eggs', NOW + 20 * MINUTE),
      tick('milk', NOW + 10 * MINUTE),
      tick('bread', NOW),
      tick('milk', NOW + 30 * MINUTE),
    ]);
    expect(trips).toEqual([{ start: NOW, keys: ['bread', 'milk', 'eggs'] }]);
  });

  it('takes another gap when asked', () => {
    const ticks = [tick('milk', NOW), tick('bread', NOW + 10 * MINUTE)];
    expect(tripsFromTicks(ticks, 5 * MINUTE)).toHaveLength(2);
  });

  it('gives every ticked key a place in a trip, once per trip, with trips in time order', () => {
    const arbTick = fc.record({
      key: arbKey,
      at: fc.integer({ min: NOW, max: NOW + 3 * DAY }),
      listId: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(arbTick, { maxLength: 60 }), (ticks) => {
        const trips = tripsFromTicks(ticks);
        for (const trip of trips) expect(new Set(trip.keys).size).toBe(trip.keys.length);
        const starts = trips.map((trip) => trip.start);
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
        expect(new Set(trips.flatMap((trip) => trip.keys))).toEqual(
          new Set(ticks.map((t) => t.key)),
        );
        expect(trips.length).toBeLessThanOrEqual(ticks.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('learned walking order (docs/shop-trips.md)', () => {
  it('reproduces an order every trip agrees with, when the trips together fix it', () => {
    // Trips are subsequences of one walk; between them, every two neighbours of the walk are
    // ticked in one trip, so no other order agrees with all of them.
    const arbCase = fc
      .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 30 })
      .chain((walk) =>
        fc.record({
          walk: fc.constant(walk),
          picks: fc.array(
            fc.record({
              start: fc.integer({ min: NOW - 400 * DAY, max: NOW + DAY }),
              keep: fc.array(fc.boolean(), { minLength: walk.length, maxLength: walk.length }),
            }),
            { maxLength: 10 },
          ),
          pairStarts: fc.array(fc.integer({ min: NOW - 400 * DAY, max: NOW }), {
            minLength: walk.length,
            maxLength: walk.length,
          }),
          halfLifeDays: fc.integer({ min: 1, max: 90 }),
        }),
      );
    fc.assert(
      fc.property(arbCase, ({ walk, picks, pairStarts, halfLifeDays }) => {
        const trips: Trip[] = picks.map(({ start, keep }) => ({
          start,
          keys: walk.filter((_, i) => keep[i]),
        }));
        const together = (a: string, b: string) =>
          trips.some((trip) => trip.keys.includes(a) && trip.keys.includes(b));
        for (let i = 0; i + 1 < walk.length; i++) {
          if (!together(walk[i]!, walk[i + 1]!)) {
            trips.push({ start: pairStarts[i]!, keys: [walk[i]!, walk[i + 1]!] });
          }
        }
        if (walk.length === 1) trips.push({ start: pairStarts[0]!, keys: walk });
        expect(learnWalkingOrder(trips, { now: NOW, halfLifeDays })).toEqual(walk);
      }),
      { numRuns: 300 },
    );
  });

  it('follows a trip repeated often enough: its order becomes the order of its keys', () => {
    // A household that walks the shop a new way for a while gets that way back. As many recent
    // repeats as the other trips have keys in all is always enough, whatever those trips said.
    // (Adding a single trip moves the order toward it most of the time but not always: where
    // the trips disagree in a cycle, the order is a compromise that one more trip can tip.)
    fc.assert(
      fc.property(arbTrips, arbTrip, (trips, trip) => {
        const repeats = 1 + trips.reduce((sum, t) => sum + t.keys.length, 0);
        const recent = Array.from({ length: repeats }, () => ({ start: NOW, keys: trip.keys }));
        const order = learnWalkingOrder([...trips, ...recent], { now: NOW });
        expect(restrict(order, trip.keys)).toEqual(trip.keys);
      }),
      { numRuns: 300 },
    );
  });

  it('learns a changed layout from a few recent trips over many older ones', () => {
    const old = Array.from({ length: 10 }, (_, i) => ({
      start: NOW - (90 + i) * DAY,
      keys: ['bread', 'milk', 'eggs', 'soap'],
    }));
    const recent = [1, 3, 5].map((days) => ({
      start: NOW - days * DAY,
      keys: ['soap', 'eggs', 'milk', 'bread'],
    }));
    expect(learnWalkingOrder([...old, ...recent], { now: NOW })).toEqual([
      'soap',
      'eggs',
      'milk',
      'bread',
    ]);
    // Without the half-life, the many old trips still win.
    expect(learnWalkingOrder([...old, ...recent], { now: NOW, halfLifeDays: 10_000 })).toEqual([
      'bread',
      'milk',
      'eggs',
      'soap',
    ]);
  });

  it('gives the more recent of two disagreeing trips its way', () => {
    const trips = [
      { start: NOW - 40 * DAY, keys: ['milk', 'bread'] },
      { start: NOW - 2 * DAY, keys: ['bread', 'milk'] },
    ];
    expect(learnWalkingOrder(trips, { now: NOW })).toEqual(['bread', 'milk']);
  });

  it('places every key seen exactly once, whatever order the trips come in', () => {
    fc.assert(
      fc.property(arbTrips, fc.integer({ min: 1, max: 90 }), (trips, halfLifeDays) => {
        const order = learnWalkingOrder(trips, { now: NOW, halfLifeDays });
        expect([...order].sort()).toEqual([...new Set(trips.flatMap((t) => t.keys))].sort());
        const reversed = learnWalkingOrder([...trips].reverse(), { now: NOW, halfLifeDays });
        expect(reversed).toEqual(order);
      }),
      { numRuns: 300 },
    );
  });

  it('breaks a perfect tie by key', () => {
    const trips = [
      { start: NOW, keys: ['milk', 'bread'] },
      { start: NOW, keys: ['bread', 'milk'] },
      { start: NOW, keys: ['tea'] },
    ];
    expect(learnWalkingOrder(trips, { now: NOW })).toEqual(['bread', 'milk', 'tea']);
    expect(learnWalkingOrder([], { now: NOW })).toEqual([]);
  });
});

describe('sorting by the walking order', () => {
  const item = (name: string, id: number) => ({ name, id });
  const keyOf = (value: { name: string }) => itemKey(value.name);

  it('puts known items in walking order and the rest after them as they were', () => {
    const items = [item('Soap', 1), item('Milk', 2), item('Candles', 3), item('bread', 4)];
    const sorted = sortByWalkingOrder(items, ['bread', 'milk', 'soap'], keyOf);
    expect(sorted.map((i) => i.id)).toEqual([4, 2, 1, 3]);
  });

  it('keeps the given order among items with one key, and loses or adds nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: arbKey, id: fc.nat({ max: 5 }) })),
        fc.uniqueArray(arbKey),
        (items, order) => {
          const sorted = sortByWalkingOrder(items, order, keyOf);
          const asText = (list: typeof items) => list.map((i) => JSON.stringify(i)).sort();
          expect(asText(sorted)).toEqual(asText(items));
          const place = (name: string) => {
            const i = order.indexOf(name);
            return i === -1 ? order.length : i;
          };
          for (let i = 0; i + 1 < sorted.length; i++) {
            expect(place(sorted[i]!.name)).toBeLessThanOrEqual(place(sorted[i + 1]!.name));
          }
          for (const name of new Set(items.map((i) => i.name))) {
            const same = (list: typeof items) => list.filter((i) => place(i.name) === place(name));
            expect(same(sorted)).toEqual(same(items));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('usually bought with', () => {
  const trips: Trip[] = [
    { start: NOW - 10 * DAY, keys: ['pasta', 'tomatoes', 'basil'] },
    { start: NOW - 8 * DAY, keys: ['tomatoes', 'pasta', 'parmesan'] },
    { start: NOW - 6 * DAY, keys: ['pasta', 'parmesan', 'milk'] },
    { start: NOW - 4 * DAY, keys: ['milk', 'bread'] },
    { start: NOW - 2 * DAY, keys: ['pasta', 'wine'] },
  ];

  it('ranks by trips together, then the more recent, then by key', () => {
    expect(boughtWith(trips, 'pasta', new Set())).toEqual([
      { key: 'parmesan', together: 2, lastAt: NOW - 6 * DAY },
      { key: 'tomatoes', together: 2, lastAt: NOW - 8 * DAY },
      { key: 'wine', together: 1, lastAt: NOW - 2 * DAY },
      { key: 'milk', together: 1, lastAt: NOW - 6 * DAY },
      { key: 'basil', together: 1, lastAt: NOW - 10 * DAY },
    ]);
  });

  it('leaves out what is on the list and keeps to the limit', () => {
    expect(boughtWith(trips, 'pasta', new Set(['parmesan']), 2).map((s) => s.key)).toEqual([
      'tomatoes',
      'wine',
    ]);
    expect(boughtWith(trips, 'coffee', new Set())).toEqual([]);
  });

  it('never suggests the item itself or anything on the list', () => {
    fc.assert(
      fc.property(arbTrips, arbKey, arbOnList, fc.nat({ max: 10 }), (all, key, onList, limit) => {
        const suggestions = boughtWith(all, key, onList, limit);
        expect(suggestions.length).toBeLessThanOrEqual(limit);
        for (const suggestion of suggestions) {
          expect(suggestion.key).not.toBe(key);
          expect(onList.has(suggestion.key)).toBe(false);
          const both = all.filter((t) => t.keys.includes(key) && t.keys.includes(suggestion.key));
          expect(suggestion.together).toBe(both.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('due again', () => {
  /** Coffee every 7 days, the last time `daysAgo` days before NOW. */
  const weeklyCoffee = (daysAgo: number): Trip[] =>
    [21, 14, 7, 0].map((days) => ({ start: NOW - (daysAgo + days) * DAY, keys: ['coffee'] }));

  it('suggests what is bought every week once a week has passed since the last time', () => {
    expect(dueAgain(weeklyCoffee(8), new Set(), NOW)).toEqual([
      { key: 'coffee', times: 4, everyDays: 7, lastAt: NOW - 8 * DAY },
    ]);
    expect(dueAgain(weeklyCoffee(7), new Set(), NOW)).toHaveLength(1);
    expect(dueAgain(weeklyCoffee(2), new Set(), NOW)).toEqual([]);
  });

  it('takes the usual interval, so one late purchase does not change the habit', () => {
    const trips = [0, 7, 14, 35, 42].map((day) => ({
      start: NOW - 50 * DAY + day * DAY,
      keys: ['tea'],
    }));
    expect(dueAgain(trips, new Set(), NOW)).toEqual([
      { key: 'tea', times: 5, everyDays: 7, lastAt: NOW - 8 * DAY },
    ]);
  });

  it('needs three purchases, and counts two on one day as at least a day apart', () => {
    const twice = weeklyCoffee(30).slice(2);
    expect(dueAgain(twice, new Set(), NOW)).toEqual([]);
    const sameDay = [0, 1, 2].map((i) => ({ start: NOW - 3 * DAY + i * MINUTE, keys: ['ice'] }));
    expect(dueAgain(sameDay, new Set(), NOW)).toEqual([
      { key: 'ice', times: 3, everyDays: 1, lastAt: NOW - 3 * DAY + 2 * MINUTE },
    ]);
  });

  it('puts the most overdue for its habit first and leaves out what is on the list', () => {
    const daily = [4, 3, 2].map((days) => ({ start: NOW - days * DAY, keys: ['bread'] }));
    const trips = [...weeklyCoffee(10), ...daily];
    // Bread waited two days on a daily habit (twice its interval), coffee ten on a weekly one.
    expect(dueAgain(trips, new Set(), NOW).map((s) => s.key)).toEqual(['bread', 'coffee']);
    expect(dueAgain(trips, new Set(['bread']), NOW).map((s) => s.key)).toEqual(['coffee']);
    expect(dueAgain(trips, new Set(), NOW, 1).map((s) => s.key)).toEqual(['bread']);
  });

  it('never suggests anything on the list, nor an item before its interval has passed', () => {
    fc.assert(
      fc.property(arbTrips, arbOnList, fc.nat({ max: 10 }), (trips, onList, limit) => {
        const suggestions = dueAgain(trips, onList, NOW, limit);
        expect(suggestions.length).toBeLessThanOrEqual(limit);
        for (const suggestion of suggestions) {
          expect(onList.has(suggestion.key)).toBe(false);
          expect(suggestion.times).toBeGreaterThanOrEqual(3);
          expect(suggestion.everyDays).toBeGreaterThanOrEqual(1);
          expect(NOW - suggestion.lastAt).toBeGreaterThanOrEqual(suggestion.everyDays * DAY);
        }
      }),
      { numRuns: 300 },
    );
  });
});
