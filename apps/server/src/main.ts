import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';

const config = loadConfig();
let app: App | undefined;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onConnectionError: (error) => {
    if (app) app.log.warn({ err: error }, 'database connection lost; the pool reconnects');
    else console.error(error);
  },
});
await database.migrate();
app = await buildApp({ config, database });
const server = app;

/** How long shutdown waits for handlers whose clients already left. */
const SHUTDOWN_GRACE_MS = 10_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  server.log.info({ signal }, 'shutting down: finishing in-flight requests');
  try {
    await server.close();
    await server.whenIdle(SHUTDOWN_GRACE_MS);
    await database.close();
    process.exit(0);
  } catch (error) {
    server.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await server.listen({ host: config.host, port: config.port });
server.log.info(
  { engine: database.engine, dataDir: config.databaseUrl ? undefined : config.dataDir },
  `household is running at http://localhost:${config.port}`,
);
