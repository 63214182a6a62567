/**
 * Web Push in this browser: whether it can, this browser's subscription, and subscribing with
 * the server's VAPID key. The service worker that receives the pushes is the app's own (the PWA
 * build registers it); this module only waits for it.
 */

/** Why enabling push on this device did not work; each has its own message. */
export type PushProblem = 'unsupported' | 'denied' | 'dismissed' | 'notReady' | 'failed';

export class PushSetupError extends Error {
  readonly problem: PushProblem;
  constructor(problem: PushProblem, options?: { cause?: unknown }) {
    super(`push set-up failed: ${problem}`, options);
    this.name = 'PushSetupError';
    this.problem = problem;
  }
}

/**
 * How long to wait for the service worker. Without one (a development server, a browser that
 * refused to install it) `navigator.serviceWorker.ready` never settles.
 */
export const SERVICE_WORKER_WAIT_MS = 10_000;

/** A push service that cannot be reached may leave `subscribe` pending instead of failing. */
export const SUBSCRIBE_WAIT_MS = 30_000;

export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The site's notification permission as the browser has it now, or null without push. */
export function notificationPermission(): NotificationPermission | null {
  return isPushSupported() ? Notification.permission : null;
}

/** This browser's push endpoint, if it has subscribed; never waits for a service worker. */
export async function currentEndpoint(): Promise<string | null> {
  if (!isPushSupported()) return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    return subscription?.endpoint ?? null;
  } catch {
    return null;
  }
}

/** Unsubscribes this browser, when the device it belongs to was removed here. Best effort. */
export async function forgetThisDevice(): Promise<void> {
  if (!isPushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // The server no longer sends to it; a browser that keeps it only holds a dead subscription.
  }
}

/** The VAPID key as `applicationServerKey` wants it: base64url text to bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const view = new Uint8Array(buffer);
  return view.every((byte, i) => byte === bytes[i]);
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** What POST /push/subscriptions takes, from the browser's subscription. */
export interface SubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Asks for permission, waits for the service worker, and subscribes with the server's key (an
 * earlier subscription made with another key is replaced). Throws a PushSetupError that says
 * which step failed.
 */
export async function subscribeThisDevice(
  publicKey: () => Promise<string>,
  waitMs: number = SERVICE_WORKER_WAIT_MS,
): Promise<SubscriptionKeys> {
  if (!isPushSupported()) throw new PushSetupError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');

  const registration = await within(navigator.serviceWorker.ready, waitMs).catch(() => null);
  if (!registration) throw new PushSetupError('notReady');

  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlToBytes(await publicKey());
  } catch (cause) {
    throw new PushSetupError('failed', { cause });
  }
  try {
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await within(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      SUBSCRIBE_WAIT_MS,
    );
    if (!subscription) throw new Error('the push service did not answer');
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) {
      throw new Error('the subscription has no endpoint or keys');
    }
    return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
  } catch (cause) {
    // Typically the browser's push service cannot be reached (an AbortError).
    throw new PushSetupError('failed', { cause });
  }
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser's and the system's names from a user agent, e.g. Chrome and Android. */
export function describeBrowser(userAgent: string): { browser: string | null; os: string | null } {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, os };
}
