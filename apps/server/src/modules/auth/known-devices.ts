import { createHmac, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { API_PREFIX } from '@household/contracts';

/**
 * Known devices (OWASP's "device cookies"): a browser that signed in to an account, or opened an
 * unlock link mailed to it, keeps a signed cookie naming the account and a random device id. Its
 * failed logins count on their own, so failures sent from anywhere else never slow it down
 * (docs/decisions.md "Failed logins"). The cookie proves nothing else: the password is still
 * asked for. One browser may know several accounts (a family tablet), newest first.
 */
export const DEVICE_COOKIE = 'household_device';
const MAX_ACCOUNTS_PER_BROWSER = 5;
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const ENTRY = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface KnownDevice {
  userId: number;
  deviceId: string;
}

function signature(key: KeyObject, userId: number, deviceId: string): string {
  return createHmac('sha256', key).update(`known-device:${userId}:${deviceId}`).digest('base64url');
}

function readEntry(key: KeyObject, entry: string): KnownDevice | null {
  const match = ENTRY.exec(entry);
  if (!match) return null;
  const userId = Number(match[1]);
  const deviceId = match[2]!;
  const expected = Buffer.from(signature(key, userId, deviceId));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, deviceId };
}

/** The well-signed entries of the `Cookie` header's device cookie. */
export function readKnownDevices(key: KeyObject, cookieHeader: string | undefined): KnownDevice[] {
  const value = cookieValue(cookieHeader, DEVICE_COOKIE);
  if (!value) return [];
  return value
    .split('~')
    .slice(0, MAX_ACCOUNTS_PER_BROWSER)
    .map((entry) => readEntry(key, entry))
    .filter((device): device is KnownDevice => device !== null);
}

/** This browser's device id for the account, if the browser is known to it. */
export function deviceIdFor(devices: readonly KnownDevice[], userId: number): string | null {
  return devices.find((device) => device.userId === userId)?.deviceId ?? null;
}

/**
 * The `Set-Cookie` value that makes this browser known to `userId` (keeping its device id if it
 * had one), with the other accounts it knows after it. HttpOnly: scripts never see it; sent only
 * to the sign-in routes.
 */
export function knownDeviceCookie(options: {
  key: KeyObject;
  devices: readonly KnownDevice[];
  userId: number;
  secure: boolean;
}): string {
  const { key, devices, userId } = options;
  const deviceId = deviceIdFor(devices, userId) ?? randomBytes(16).toString('base64url');
  const entries = [
    { userId, deviceId },
    ...devices.filter((device) => device.userId !== userId),
  ].slice(0, MAX_ACCOUNTS_PER_BROWSER);
  const value = entries
    .map(
      (entry) =>
        `${entry.userId}.${entry.deviceId}.${signature(key, entry.userId, entry.deviceId)}`,
    )
    .join('~');
  const attributes = [
    `${DEVICE_COOKIE}=${value}`,
    `Path=${API_PREFIX}/auth`,
    `Max-Age=${COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [cookieName, ...rest] = part.trim().split('=');
    if (cookieName === name) return rest.join('=');
  }
  return null;
}
