import fs from 'node:fs';
import path from 'node:path';

/** Where the app under test listens; E2E_PORT moves it when 3100 is taken. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;

/** Signs the server's access tokens, so a test can forge an expired one (token-refresh.spec). */
export const JWT_SECRET = 'e2e-test-secret-not-for-production-0123456789';

/** start-app.mjs writes the path of this run's fresh data folder here. */
export const DATA_DIR_FILE = path.join(import.meta.dirname, '..', '.data-dir');

export function dataDir(): string {
  return fs.readFileSync(DATA_DIR_FILE, 'utf8').trim();
}
