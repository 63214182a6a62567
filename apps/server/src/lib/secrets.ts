import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The key that signs access tokens: JWT_SECRET when configured, else one generated at first start
 * and kept in the data folder, so that sessions survive a restart.
 */
export function loadJwtSecret(configured: string | null, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx' fails if another process created it in the meantime; then we read theirs.
    try {
      fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
