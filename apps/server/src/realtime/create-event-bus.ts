import type { Db, DatabaseEngine } from '../db/client';
import { createLocalEventBus, type BusLogger, type EventBus } from './event-bus';
import { createPgEventBus } from './pg-event-bus';

/**
 * The bus for the database engine: in process on PGlite (one process owns the data folder), through
 * PostgreSQL LISTEN/NOTIFY when several server processes may share the database.
 */
export async function createEventBus(options: {
  engine: DatabaseEngine;
  databaseUrl: string | null;
  db: Db;
  logger: BusLogger;
}): Promise<EventBus> {
  if (options.engine === 'postgres' && options.databaseUrl) {
    return createPgEventBus({
      connectionString: options.databaseUrl,
      db: options.db,
      logger: options.logger,
    });
  }
  return createLocalEventBus(options.logger);
}
