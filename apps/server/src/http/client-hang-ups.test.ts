import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../test/support/factories';
import {
  addressOf,
  hangUpBeforeTheAnswer,
  hangUpDuringTheAnswer,
  PINO_ERROR_LEVEL,
  requestWithPatience,
  until,
  waitForLogLines,
  type LogLine,
  type RawRequest,
} from '../../test/support/hang-ups';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { isPostgres } from '../../test/support/test-database';
import { CLIENT_GONE_MESSAGE } from '../lib/logger';
import { MAX_MESSAGE_BYTES } from '../modules/realtime/client-messages';
import { registerCompression } from './compression';

// Issue 29 §4: every client that hung up was logged at error ("premature close"), so a
// self-hoster's alerts fired on normal traffic. A hang-up is logged at info; error means a fault.
const BIG_ASSET = '/assets/vendor-Zz99Yy88.js';
const HELD_ANSWER = '/api/v1/test/held-answer';

let t: TestApp;
let webDir: string;
let admin: TestUser;
let listId: number;
/** Answers of the held test route wait until the test lets them go. */
const heldAnswers: (() => void)[] = [];

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>\n');
  fs.mkdirSync(path.join(webDir, 'assets'));
  // Big enough that a client can leave half-way: no compressed copy, so the file itself streams.
  fs.writeFileSync(path.join(webDir, BIG_ASSET), `// ${randomBytes(3_000_000).toString('hex')}\n`);
  t = await createTestApp(
    { ADMIN_EMAILS: 'admin@example.test', WEB_DIST_DIR: webDir },
    {
      // A compressed answer that is made only when the test says so, as the API's answers are.
      extend: (app) =>
        void app.register(async (scope) => {
          await registerCompression(scope);
          scope.post(HELD_ANSWER, async () => {
            await new Promise<void>((resolve) => heldAnswers.push(resolve));
            return { items: bigListText(500).split('\n') };
          });
        }),
    },
  );
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await buildUser(t.app, { email: 'admin@example.test' });
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/v1/lists/import',
    headers: admin.auth,
    payload: { format: 'text', content: bigListText(2_000) },
  });
  listId = imported.json<{ list: { id: number } }>().list.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function bigListText(items: number): string {
  return Array.from({ length: items }, (_, i) => `item ${i} of the weekly shop`).join('\n');
}

/** The app's log buffer (lib/logger.ts), as an instance administrator reads it. */
const readLog = async (): Promise<LogLine[]> =>
  (await t.app.inject({ url: '/api/v1/health/logs?limit=500', headers: admin.auth })).json<{
    lines: LogLine[];
  }>().lines;

const errorLines = (lines: LogLine[]) => lines.filter((line) => line.level >= PINO_ERROR_LEVEL);
const linesOf = (lines: LogLine[], requestId: string) =>
  lines.filter((line) => line.reqId === requestId);
const saysClientGone = (line: LogLine) => line.level === 30 && line.msg === CLIENT_GONE_MESSAGE;

/** Holds the lists table, so that a request reading or writing lists waits for `work` to end. */
async function whileListsWait(work: () => Promise<void>): Promise<void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table lists in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  try {
    await work();
  } finally {
    release();
    await holding;
  }
}

/** PostgreSQL sessions of this test's database that wait for a lock. */
async function sessionsWaitingForALock(): Promise<number> {
  const result = (await t.database.db.execute(sql`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
    rows: { waiting: number }[];
  };
  return result.rows[0]?.waiting ?? 0;
}

function apiRequest(name: 'a big list' | 'a CSV export' | 'an import'): RawRequest {
  const headers = { authorization: admin.auth.authorization, 'accept-encoding': 'br, gzip' };
  if (name === 'a big list') return { method: 'GET', path: `/api/v1/lists/${listId}`, headers };
  if (name === 'a CSV export') {
    return { method: 'GET', path: `/api/v1/lists/${listId}/export?format=csv`, headers };
  }
  return {
    method: 'POST',
    path: '/api/v1/lists/import',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'text', content: bigListText(300) }),
  };
}

describe('a client that hangs up before the answer', () => {
  it.each(['a big list', 'a CSV export'] as const)(
    'while %s is read is logged at info, and nothing at error',
    async (name) => {
      const requestId = `gone-before-${name.replaceAll(' ', '-')}`;
      await whileListsWait(() => hangUpBeforeTheAnswer(t.app, { ...apiRequest(name), requestId }));
      const lines = await waitForLogLines(readLog, (all) =>
        linesOf(all, requestId).some(saysClientGone),
      );
      expect(linesOf(lines, requestId).some(saysClientGone)).toBe(true);
      expect(errorLines(lines)).toEqual([]);
    },
  );

  // On PGlite the held table holds the whole database, sign-in check included: the request would
  // wait before its body is read, where a hang-up ends it without a word.
  it.runIf(isPostgres)('while an import is written is logged at info, not as a 500', async () => {
    const requestId = 'gone-before-an-import';
    await whileListsWait(() =>
      hangUpBeforeTheAnswer(t.app, {
        ...apiRequest('an import'),
        requestId,
        // The body is read and the new list waits for the table: the handler is at work.
        serverAtWork: () => until(async () => (await sessionsWaitingForALock()) > 0),
      }),
    );
    const lines = await waitForLogLines(readLog, (all) =>
      linesOf(all, requestId).some(saysClientGone),
    );
    expect(linesOf(lines, requestId).some(saysClientGone)).toBe(true);
    expect(errorLines(lines)).toEqual([]);
  });

  it('while a compressed answer is made after the body was read is logged at info, not as a 500', async () => {
    const requestId = 'gone-before-held-answer';
    await hangUpBeforeTheAnswer(t.app, {
      method: 'POST',
      path: HELD_ANSWER,
      headers: { 'accept-encoding': 'br', 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'the body is read before the answer is made' }),
      requestId,
      serverAtWork: () => until(() => heldAnswers.length > 0),
    });
    for (const answer of heldAnswers.splice(0)) answer();
    const lines = await waitForLogLines(readLog, (all) =>
      linesOf(all, requestId).some(saysClientGone),
    );
    expect(linesOf(lines, requestId).some(saysClientGone)).toBe(true);
    expect(errorLines(lines)).toEqual([]);
  });
});

describe('a client that hangs up half-way through the answer', () => {
  it.each(['a big list', 'a CSV export'] as const)(
    'of %s leaves nothing at error',
    async (name) => {
      const requestId = `gone-during-${name.replaceAll(' ', '-')}`;
      const { status } = await hangUpDuringTheAnswer(t.app, { ...apiRequest(name), requestId });
      expect(status).toBe(200);
      const lines = await waitForLogLines(readLog, (all) =>
        linesOf(all, requestId).some((line) => line.msg !== 'incoming request'),
      );
      expect(linesOf(lines, requestId).every((line) => line.level === 30)).toBe(true);
      expect(errorLines(lines)).toEqual([]);
    },
  );

  it('of a static file is logged at info, and nothing at error', async () => {
    const requestId = 'gone-during-static-file';
    const { status } = await hangUpDuringTheAnswer(t.app, {
      method: 'GET',
      path: BIG_ASSET,
      requestId,
    });
    expect(status).toBe(200);
    const lines = await waitForLogLines(readLog, (all) =>
      linesOf(all, requestId).some((line) => line.msg === 'stream closed prematurely'),
    );
    const closed = linesOf(lines, requestId).find(
      (line) => line.msg === 'stream closed prematurely',
    );
    expect(closed?.level).toBe(30);
    expect(errorLines(lines)).toEqual([]);
  });
});

describe('light concurrent load with clients that leave at random moments', () => {
  it('logs nothing at error, and answers every client that stays', async () => {
    const kinds = ['a big list', 'a CSV export', 'an import', 'a static file'] as const;
    const statuses: (number | null)[] = [];
    for (let wave = 0; wave < 3; wave += 1) {
      const waveStatuses = await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          const kind = kinds[i % kinds.length]!;
          const request =
            kind === 'a static file'
              ? ({ method: 'GET', path: BIG_ASSET } as const)
              : apiRequest(kind);
          // Some leave at once, some while the answer is made or sent, some wait for all of it.
          const afterMs = i % 3 === 0 ? 10_000 : Math.floor(Math.random() * 40);
          return requestWithPatience(t.app, {
            ...request,
            requestId: `load-${wave}-${i}`,
            afterMs,
          });
        }),
      );
      statuses.push(...waveStatuses);
    }
    // Let the server finish what the clients left behind.
    await t.app.whenIdle(5_000);
    const lines = await readLog();
    expect(errorLines(lines)).toEqual([]);
    expect(statuses.filter((status) => status !== null && status >= 300)).toEqual([]);
  });
});

describe('a realtime client', () => {
  const connect = async () => {
    const { host, port } = addressOf(t.app);
    const socket = new WebSocket(`ws://${host}:${port}/api/v1/ws`);
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('open', resolve));
    return socket;
  };

  it('that sends a frame too big is closed and logged at info, not at error', async () => {
    const socket = await connect();
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send('x'.repeat(MAX_MESSAGE_BYTES + 1));
    expect(await closed).toBe(1009);
    const lines = await waitForLogLines(readLog, (all) =>
      all.some((line) => line.msg === 'realtime client sent an invalid frame; connection closed'),
    );
    const invalid = lines.find((line) => line.msg?.startsWith('realtime client sent'));
    expect(invalid).toMatchObject({ level: 30, reason: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    expect(errorLines(lines)).toEqual([]);
  });

  it('that drops its connection without a closing handshake leaves nothing at error', async () => {
    const socket = await connect();
    socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errorLines(await readLog())).toEqual([]);
  });
});
