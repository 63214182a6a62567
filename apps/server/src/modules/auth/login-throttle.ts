import {
  LOGIN_FAILURE_WINDOW_MS,
  longestWaitMs,
  type FailureHistory,
  type LoginThrottle,
} from '@household/domain';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authAttempts } from '../../db/schema';
import { AppError } from '../../http/problem';

/**
 * Failed logins slow guessing down without a lock anyone could trigger (docs/decisions.md
 * "Failed logins"). An attempt from a known device of the account is slowed only by that
 * device's own failures. Any other attempt waits for the stricter of two scopes: the account's
 * failures from this client address, and its failures from every unknown browser together.
 */
export interface LoginOrigin {
  /** The client address. */
  source: string;
  /** This browser's device id for the account, when it is a known device (known-devices.ts). */
  deviceId: string | null;
}

const FIRST_DELAY_MS = 1000;

export function loginThrottles(config: AppContext['config']): {
  perAccount: LoginThrottle;
  perSource: LoginThrottle;
} {
  const { perAccount, perSource, maxDelayMinutes } = config.loginThrottle;
  const maxDelayMs = maxDelayMinutes * 60 * 1000;
  return {
    perAccount: { freeFailures: perAccount, firstDelayMs: FIRST_DELAY_MS, maxDelayMs },
    perSource: { freeFailures: perSource, firstDelayMs: FIRST_DELAY_MS, maxDelayMs },
  };
}

const failuresOf = (email: string) =>
  and(
    eq(authAttempts.kind, 'login_failure'),
    eq(authAttempts.email, email),
    gt(authAttempts.createdAt, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS)),
  );

/** The failures an attempt from `origin` is answerable for: its device's, or its address's. */
const ownScope = (origin: LoginOrigin): SQL =>
  origin.deviceId === null
    ? and(isNull(authAttempts.device), eq(authAttempts.source, origin.source))!
    : eq(authAttempts.device, origin.deviceId);

/** Counts and latest time of the failures matching `where`, among the account's recent ones. */
function historyColumns(where: SQL) {
  return {
    count: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
    lastAt: sql<string | null>`max(${authAttempts.createdAt}) filter (where ${where})`,
  };
}

const asHistory = (count: number, lastAt: string | Date | null): FailureHistory => ({
  count,
  lastAt: lastAt === null ? null : new Date(lastAt).getTime(),
});

/** The failure histories that bear on an attempt from `origin`, in one query. */
async function readHistories(ctx: AppContext, email: string, origin: LoginOrigin) {
  const own = historyColumns(ownScope(origin));
  const unknown = historyColumns(isNull(authAttempts.device));
  const [row] = await ctx.db
    .select({
      ownCount: own.count,
      ownLastAt: own.lastAt,
      unknownCount: unknown.count,
      unknownLastAt: unknown.lastAt,
    })
    .from(authAttempts)
    .where(failuresOf(email));
  return {
    own: asHistory(row?.ownCount ?? 0, row?.ownLastAt ?? null),
    unknownDevices: asHistory(row?.unknownCount ?? 0, row?.unknownLastAt ?? null),
  };
}

/**
 * Answers 429 with Retry-After, without checking the password, while the attempt must wait.
 * Otherwise tells how many failures unknown browsers have had on the account in the window.
 */
export async function assertMayTryLogin(
  ctx: AppContext,
  email: string,
  origin: LoginOrigin,
): Promise<{ unknownDeviceFailures: number }> {
  const throttles = loginThrottles(ctx.config);
  const histories = await readHistories(ctx, email, origin);
  const scopes = [{ throttle: throttles.perSource, history: histories.own }];
  if (origin.deviceId === null) {
    scopes.push({ throttle: throttles.perAccount, history: histories.unknownDevices });
  }
  const waitMs = longestWaitMs(scopes, Date.now());
  if (waitMs <= 0) return { unknownDeviceFailures: histories.unknownDevices.count };
  throw new AppError(
    429,
    'rate_limited',
    'Too many failed logins for this account; try again later or ask for a sign-in link by email',
    undefined,
    { 'retry-after': String(Math.ceil(waitMs / 1000)) },
  );
}

export async function recordLoginFailure(
  ctx: AppContext,
  email: string,
  origin: LoginOrigin,
): Promise<void> {
  await ctx.db.insert(authAttempts).values({
    kind: 'login_failure',
    email,
    source: origin.source,
    device: origin.deviceId,
  });
}

/**
 * A success clears the failures of its own scope (a person's own typos), not the others': an
 * owner signing in must not hand a guesser elsewhere a fresh set of free attempts.
 */
export async function clearOwnFailures(
  ctx: AppContext,
  email: string,
  origin: LoginOrigin,
): Promise<void> {
  await ctx.db
    .delete(authAttempts)
    .where(
      and(eq(authAttempts.kind, 'login_failure'), eq(authAttempts.email, email), ownScope(origin)),
    );
}
