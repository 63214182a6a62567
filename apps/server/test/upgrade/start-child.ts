/*
 * A server start in a process of its own, up to a migrated database, as main.ts does it: the
 * upgrade tests kill it (SIGKILL) at chosen moments. Reads the usual environment (DATA_DIR,
 * DATABASE_URL, BACKUPS_TO_KEEP, BACKUP_BEFORE_MIGRATE) and prints each log line as JSON.
 */
import { loadConfig } from '../../src/config';
import { openMigratedDatabase } from '../../src/db/upgrade';

const print =
  (level: string) =>
  (data: Record<string, unknown>, message: string): void => {
    process.stdout.write(`${JSON.stringify({ level, message, ...data })}\n`);
  };

const database = await openMigratedDatabase({
  config: loadConfig(),
  log: { info: print('info'), warn: print('warn') },
});
await database.close();
print('info')({}, 'started');
