/**
 * How long a login attempt must wait after failed ones (docs/decisions.md "Failed logins").
 * OWASP advises against hard lockouts, which anyone who knows an address can use to keep its owner
 * out. So each scope of failures (an account from one address, an account from every unknown
 * browser, one known browser) allows a few failures freely, then doubles the wait after each
 * further failure, up to a ceiling. An attempt that comes too early is refused unchecked.
 */
export interface LoginThrottle {
  /** Failures in the window that cost no wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The failures of one scope within the counting window. */
export interface FailureHistory {
  count: number;
  /** When the latest failure happened (ms since the epoch), or null for none. */
  lastAt: number | null;
}

/** Failures older than this no longer count: a day, so a patient guesser stays slow. */
export const LOGIN_FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The wait that `count` failures impose after the latest of them. */
export function delayAfterFailures(throttle: LoginThrottle, count: number): number {
  const beyond = count - throttle.freeFailures;
  if (beyond < 0) return 0;
  // Capped before exponentiating so a long history cannot overflow to Infinity.
  const doublings = Math.min(beyond, 52);
  return Math.min(throttle.maxDelayMs, throttle.firstDelayMs * 2 ** doublings);
}

/** How long an attempt made at `now` must still wait; 0 when it may go ahead. */
export function loginWaitMs(throttle: LoginThrottle, history: FailureHistory, now: number): number {
  if (history.lastAt === null) return 0;
  const allowedAt = history.lastAt + delayAfterFailures(throttle, history.count);
  return Math.max(0, allowedAt - now);
}

/** The longest of several scopes' waits: an attempt goes ahead only when every scope allows it. */
export function longestWaitMs(
  scopes: readonly { throttle: LoginThrottle; history: FailureHistory }[],
  now: number,
): number {
  return Math.max(0, ...scopes.map((scope) => loginWaitMs(scope.throttle, scope.history, now)));
}

/**
 * The most failed guesses one scope lets through in `periodMs`, for a guesser who tries again the
 * moment each wait ends: the figure the documentation quotes for "slows to a crawl".
 */
export function mostGuessesIn(throttle: LoginThrottle, periodMs: number): number {
  const failures: number[] = [];
  let now = 0;
  while (now <= periodMs) {
    const recent = failures.filter((at) => at > now - LOGIN_FAILURE_WINDOW_MS);
    const history = { count: recent.length, lastAt: recent.at(-1) ?? null };
    now += loginWaitMs(throttle, history, now);
    if (now > periodMs) break;
    failures.push(now);
    // A guess takes some time to send; a millisecond keeps failures apart in the simulation.
    now += 1;
  }
  return failures.length;
}
