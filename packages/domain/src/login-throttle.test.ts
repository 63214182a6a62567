import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  delayAfterFailures,
  loginWaitMs,
  longestWaitMs,
  mostGuessesIn,
  type LoginThrottle,
} from './login-throttle';

const arbThrottle = fc.record({
  freeFailures: fc.integer({ min: 0, max: 20 }),
  firstDelayMs: fc.integer({ min: 1, max: 60_000 }),
  maxDelayMs: fc.integer({ min: 1, max: 24 * 60 * 60 * 1000 }),
});
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
// The server's defaults (apps/server/src/config.ts).
const perAccount: LoginThrottle = { freeFailures: 10, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE };
const perSource: LoginThrottle = { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE };

describe('login throttle (docs/decisions.md "Failed logins")', () => {
  it('lets the free failures through without a wait', () => {
    fc.assert(
      fc.property(arbThrottle, fc.nat(), fc.nat(), (throttle, seed, lastAt) => {
        const count = seed % (throttle.freeFailures + 1);
        if (count === throttle.freeFailures) return;
        expect(loginWaitMs(throttle, { count, lastAt }, lastAt)).toBe(0);
      }),
    );
  });

  it('never shortens the wait as failures grow, and never waits longer than the ceiling', () => {
    fc.assert(
      fc.property(arbThrottle, fc.integer({ min: 0, max: 10_000 }), (throttle, count) => {
        const delay = delayAfterFailures(throttle, count);
        expect(delay).toBeLessThanOrEqual(Math.max(throttle.maxDelayMs, 0));
        expect(delayAfterFailures(throttle, count + 1)).toBeGreaterThanOrEqual(delay);
        expect(Number.isFinite(delay)).toBe(true);
      }),
    );
  });

  it('ends each wait at the latest failure plus the delay, and is never negative', () => {
    fc.assert(
      fc.property(arbThrottle, fc.nat(50), fc.nat(1e9), fc.nat(1e9), (t, count, lastAt, later) => {
        const wait = loginWaitMs(t, { count, lastAt }, lastAt + later);
        expect(wait).toBeGreaterThanOrEqual(0);
        const delay = delayAfterFailures(t, count);
        expect(wait).toBe(Math.max(0, delay - later));
      }),
    );
  });

  it('makes an attempt wait for the strictest of its scopes', () => {
    const now = 1_000_000;
    const history = { count: 12, lastAt: now };
    expect(
      longestWaitMs(
        [
          { throttle: perSource, history: { count: 0, lastAt: null } },
          { throttle: perAccount, history },
        ],
        now,
      ),
    ).toBe(delayAfterFailures(perAccount, 12));
    expect(longestWaitMs([], now)).toBe(0);
  });

  it('doubles after the free failures: 1 s, 2 s, 4 s … up to 15 minutes', () => {
    expect([10, 11, 12, 13].map((n) => delayAfterFailures(perAccount, n))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(delayAfterFailures(perAccount, 9)).toBe(0);
    expect(delayAfterFailures(perAccount, 30)).toBe(15 * MINUTE);
  });

  it('slows a guesser to a crawl: about a hundred guesses a day for an account', () => {
    // 10 free, then 1 s … 512 s (17 minutes together), then one every 15 minutes.
    expect(mostGuessesIn(perAccount, DAY)).toBe(114);
    expect(mostGuessesIn(perSource, DAY)).toBe(109);
    expect(mostGuessesIn(perAccount, 60 * MINUTE)).toBeLessThan(30);
  });
});
