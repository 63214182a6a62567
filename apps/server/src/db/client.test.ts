import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPgliteDataVersion, openDatabase, PGLITE_POSTGRES_MAJOR } from './client';
import { bytea } from './schema/types';

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

describe('bytes in the embedded database', () => {
  const pictures = pgTable('pictures', {
    id: integer('id').primaryKey(),
    content: bytea('content').notNull(),
  });

  it('are read back as they were written, every byte value, from a view into a larger buffer', async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      await database.db.execute(
        sql`create table pictures (id integer primary key, content bytea not null)`,
      );
      const everyByte = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      // A Buffer that views part of a pooled one: only its own bytes are stored.
      const view = Buffer.from([1, 2, 3, 4, 5, 6]).subarray(2, 5);
      await database.db.insert(pictures).values([
        { id: 1, content: everyByte },
        { id: 2, content: view },
        { id: 3, content: Buffer.alloc(0) },
      ]);
      const read = async (id: number) =>
        (await database.db.select().from(pictures).where(eq(pictures.id, id)))[0]!.content;
      expect(Buffer.compare(await read(1), everyByte)).toBe(0);
      expect([...(await read(2))]).toEqual([3, 4, 5]);
      expect((await read(3)).length).toBe(0);
      // Stored as the bytes themselves, not as their hex text.
      const stored = (await database.db.execute(
        sql`select octet_length(content) as length from pictures where id = 1`,
      )) as unknown as { rows: { length: number }[] };
      expect(stored.rows).toEqual([{ length: 512 }]);
    } finally {
      await database.close();
    }
  });
});
