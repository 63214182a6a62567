import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadJwtSecret } from './secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the token-signing key', () => {
  it('is generated once into the data folder and the same key is used after a restart', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = loadJwtSecret(null, dataDir);
    expect(first.byteLength).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadJwtSecret(null, dataDir)).toEqual(first);
  });

  it('comes from the configuration when one is set, and nothing is written', () => {
    const dataDir = tempDir();
    const configured = 'a configured secret that is long enough';
    expect(new TextDecoder().decode(loadJwtSecret(configured, dataDir))).toBe(configured);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });
});
