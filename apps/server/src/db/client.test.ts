import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPgliteDataVersion, openDatabase, PGLITE_POSTGRES_MAJOR } from './client';

describe('the embedded database folder', () => {
  const folders: string[] = [];
  function tempFolder() {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'household-pgdata-'));
    folders.push(folder);
    return folder;
  }
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('is written by the PostgreSQL version the app expects', async () => {
    const dataDir = tempFolder();
    const database = await openDatabase({ databaseUrl: null, dataDir });
    await database.close();
    const written = fs.readFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8').trim();
    expect(written).toBe(PGLITE_POSTGRES_MAJOR);
  });

  it('refuses a folder of an older PostgreSQL with a message that says what to do', async () => {
    const dataDir = tempFolder();
    fs.mkdirSync(path.join(dataDir, 'pgdata'));
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n');
    await expect(openDatabase({ databaseUrl: null, dataDir })).rejects.toThrow(
      /written by PostgreSQL 17; this version of the app embeds PostgreSQL 18\. Dump it/,
    );
    expect(() => assertPgliteDataVersion(path.join(dataDir, 'pgdata'))).toThrow();
  });

  it('accepts a new, empty folder', () => {
    expect(() => assertPgliteDataVersion(tempFolder())).not.toThrow();
  });
});
