import type { DbOrTx } from './client';

/**
 * A query that runs on nearly every request, built once per database instead of once per call:
 * `build` returns drizzle prepared queries (`.prepare(name)` with `sql.placeholder`s, or a named
 * `session.prepareQuery` of SQL written once), so the server skips writing the SQL again and
 * PostgreSQL parses and plans it once per connection (a named prepared statement; PGlite runs it
 * as any query). Called with a transaction, it builds for that transaction, which ends with it;
 * the statement names stay valid on its connection.
 */
export function preparedPerDatabase<T extends object>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let queries = built.get(db);
    if (!queries) {
      queries = build(db);
      built.set(db, queries);
    }
    return queries;
  };
}
