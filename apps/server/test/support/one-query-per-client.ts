import pg from 'pg';

/**
 * Set-up of the PostgreSQL server suite (vitest.config.ts): a query sent to a pg client that is
 * still busy with another one fails the test that sent it.
 *
 * pg 8 queues such a query and prints a deprecation ("Calling client.query() when the client is
 * already executing a query"); pg 9 will refuse it. A transaction is one client, so `Promise.all`
 * over queries on a transaction is exactly this. pg's own warning comes late (only once a second
 * query already waits in the queue, so two at once pass unseen) and once per process, so the
 * client is watched here as well: any query sent while one of its own is unanswered throws.
 */

/** The start of pg's deprecation message for a query sent to a busy client. */
export const PG_BUSY_CLIENT_WARNING = 'Calling client.query() when the client is already executing';

export class ConcurrentQueryError extends Error {
  override name = 'ConcurrentQueryError';
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

const unanswered = new WeakMap<pg.Client, number>();

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as Promise<unknown> | null)?.then === 'function';
}

/** Counts each client's promised queries until they settle; a query sent meanwhile throws. */
function watchClientQueries(): void {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const query = prototype.query;
  prototype.query = function queryOnIdleClient(this: pg.Client, ...args: unknown[]) {
    const busy = unanswered.get(this) ?? 0;
    if (busy > 0) {
      throw new ConcurrentQueryError(
        'A query was sent to a PostgreSQL client that is still executing another one ' +
          '(a transaction is one client: run its queries in sequence, not with Promise.all)',
      );
    }
    const result = query.apply(this, args);
    // Callback and submittable queries (none in this app) are left to pg's own warning below.
    if (isPromise(result)) {
      unanswered.set(this, busy + 1);
      const settled = () => unanswered.set(this, (unanswered.get(this) ?? 1) - 1);
      result.then(settled, settled);
    }
    return result;
  };
}

/** pg's deprecation comes through util.deprecate and process.emitWarning: that one throws. */
function throwOnPgBusyClientWarning(): void {
  const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const message = typeof warning === 'string' ? warning : warning.message;
    if (message.startsWith(PG_BUSY_CLIENT_WARNING)) throw new ConcurrentQueryError(message);
    emitWarning(warning, ...rest);
  }) as typeof process.emitWarning;
}

// Set-up files run again for every test file; a process that already watches must not wrap twice.
const WATCHING = Symbol.for('household.test.oneQueryPerClient');
const state = globalThis as { [WATCHING]?: true };
if (!state[WATCHING]) {
  state[WATCHING] = true;
  watchClientQueries();
  throwOnPgBusyClientWarning();
}
