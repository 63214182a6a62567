import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const ZKeyFile = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string';

/**
 * The Web Push (VAPID) key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured, else one made
 * at first start and kept in the data folder, as the token key is. Browsers subscribe with the
 * public key, so every process must use the same pair (configure it when they do not share a
 * data folder), and a new pair orphans every subscription.
 */
export function loadVapidKeys(
  configured: { publicKey: string | null; privateKey: string | null },
  dataDir: string,
): VapidKeys {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    // 'wx' fails if another process created it in the meantime; then we read theirs.
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!ZKeyFile(stored)) throw new Error(`${file} does not hold a VAPID key pair`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/** The VAPID subject: the app's address when it is https, else the sender's mail address. */
export function vapidSubject(publicAppUrl: string, mailFrom: string): string {
  if (publicAppUrl.startsWith('https://')) return publicAppUrl;
  const address = mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
