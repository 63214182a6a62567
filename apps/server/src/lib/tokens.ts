import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (256 bits) for refresh, reset and verification tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as hashes. They are random with 256 bits of entropy, so a fast hash is
 * enough: there is nothing to brute-force as there is with a password.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
