import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../../src/app';
import { settleAfterEachInject } from './test-app';
import { openDatabase, type Database } from '../../src/db/client';
import type { Mail, Mailer } from '../../src/lib/mailer';
import { createTestDatabase } from './test-database';
import { testConfig } from './test-config';

export interface CapturingMailer extends Mailer {
  sent: Mail[];
  /** Mails about notifications (they carry List-Unsubscribe), not account mails. */
  notificationMails(): Mail[];
}

export function capturingMailer(): CapturingMailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    notificationMails: () => sent.filter((mail) => mail.headers?.['List-Unsubscribe']),
  };
}

export interface NotificationApps {
  apps: App[];
  /** Each app's database handle (on PGlite, the one engine they share). */
  databases: Database[];
  mailer: CapturingMailer;
  close(): Promise<void>;
}

/**
 * `count` app instances on one database, as several server processes would run, with a capturing
 * mailer and no timer-driven scheduler (tests tick by hand). On PostgreSQL each instance has its
 * own connection pool to the same fresh database; on PGlite they share the one embedded engine.
 */
export async function notificationApps(
  count = 1,
  options: {
    /** "Now" for the services that read the date (a recurring bill's today). */
    clock?: () => Date;
  } = {},
): Promise<NotificationApps> {
  const { config, dataDir } = testConfig(
    { PUBLIC_APP_URL: 'https://household.example' },
    'household-notify-',
  );
  const mailer = capturingMailer();
  const databases: Database[] = [];
  const fresh = await createTestDatabase();
  if (fresh.url) {
    for (let i = 0; i < count; i += 1) {
      databases.push(await openDatabase({ databaseUrl: fresh.url, dataDir: null, poolSize: 4 }));
    }
  } else {
    const shared = await openDatabase({ databaseUrl: null, dataDir: null });
    for (let i = 0; i < count; i += 1) databases.push(shared);
  }
  await databases[0]!.migrate();
  const apps: App[] = [];
  for (const database of databases) {
    const app = await buildApp({
      config,
      database,
      mailer,
      logToStdout: false,
      runScheduler: false,
      clock: options.clock,
    });
    await app.ready();
    // Invitation notices go out after the answer, like mails (lib/after-answer.ts).
    settleAfterEachInject(app);
    apps.push(app);
  }
  return {
    apps,
    databases,
    mailer,
    async close() {
      for (const app of apps) await app.close();
      for (const database of new Set(databases)) await database.close();
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PushRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on 127.0.0.1 that records what it receives and answers `status`. */
export async function localPushService() {
  const received: PushRequest[] = [];
  const service = { status: 201, received, url: '', close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = service.status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return service;
}

/** Keys as a browser's PushSubscription has them: a P-256 public key and a 16-byte secret. */
export async function browserKeys() {
  const { createECDH } = await import('node:crypto');
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}
