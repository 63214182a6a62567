import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The app version that last applied migrations to this database (docs/decisions.md "Upgrades and
 * backups"): an older version refuses to start on it. One row, held to one by its key.
 */
export const appVersion = pgTable(
  'app_version',
  {
    onlyRow: boolean('only_row').primaryKey().default(true),
    version: text('version').notNull(),
    migratedAt: timestamp('migrated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('app_version_one_row', sql`${t.onlyRow}`)],
);
