import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config';

/**
 * The configuration of an app instance under test, in a fresh data folder. Every request comes
 * from 127.0.0.1, so the per-address limits are lifted (their tests set their own), and so is load
 * shedding: race tests send many requests at once, and a line that a busy test machine is slow to
 * work off would turn answers into 503s (load shedding has tests of its own).
 */
export function testConfig(
  env: Record<string, string> = {},
  dataDirPrefix = 'household-test-',
): { config: Config; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    JOIN_RATE_LIMIT_PER_MINUTE: '100000',
    MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: '100000',
    MAX_CONCURRENT_REQUESTS: '100000',
    MAX_ACTIVE_REQUESTS: '100000',
    ...env,
  });
  return { config, dataDir };
}
