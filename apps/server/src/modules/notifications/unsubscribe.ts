import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Unsubscribe tokens are derived, not stored: `<user id>.<HMAC-SHA256 of "unsubscribe:<id>"
 * with the token key>`. A link keeps working until the key changes, needs no table, and reveals
 * nothing but the user id.
 */
export function unsubscribeToken(key: KeyObject, userId: number): string {
  return `${userId}.${signature(key, userId)}`;
}

function signature(key: KeyObject, userId: number): string {
  return createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');
}

/** The user a token names, or null when it is not one this server made. */
export function verifyUnsubscribeToken(key: KeyObject, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId > 2_147_483_647) return null;
  const expected = Buffer.from(signature(key, userId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
