import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { createEmbeddedDatabaseApart, runEmbeddedSetupIfAsked } from './db/first-start';
import { consoleStartLog, openMigratedDatabase } from './db/upgrade';
import { createEventBus } from './realtime/create-event-bus';

const config = loadConfig();
await runEmbeddedSetupIfAsked(config);
createEmbeddedDatabaseApart(config);
// Until the app (and its logger) exists, a lost connection can only go to stderr.
let reportConnectionError = (error: Error) => console.error(error);
// Refuses a database a newer version migrated; copies it aside before migrating an older one.
const database = await openMigratedDatabase({
  config,
  log: consoleStartLog,
  onConnectionError: (error) => reportConnectionError(error),
});
// Realtime events: in process on PGlite, LISTEN/NOTIFY across processes on PostgreSQL. Its log
// lines go to stderr until the app's logger exists. The app closes the bus when it closes.
let eventLog: Pick<Console, 'info' | 'warn'> | App['log'] = console;
const events = await createEventBus({
  engine: database.engine,
  databaseUrl: config.databaseUrl,
  db: database.db,
  logger: {
    info: (data, message) => eventLog.info(data, message),
    warn: (data, message) => eventLog.warn(data, message),
  },
});
const app = await buildApp({ config, database, events });
eventLog = app.log;
reportConnectionError = (error) =>
  app.log.warn({ err: error }, 'database connection lost; the pool reconnects');

/** How long shutdown waits for handlers whose clients already left. */
const SHUTDOWN_GRACE_MS = 10_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  try {
    await app.close();
    await app.whenIdle(SHUTDOWN_GRACE_MS);
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(
  { engine: database.engine, dataDir: config.databaseUrl ? undefined : config.dataDir },
  `household is running at http://localhost:${config.port}`,
);
