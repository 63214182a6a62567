import { createRequire } from 'node:module';
import { validationFailed } from '../../http/problem';

const require = createRequire(import.meta.url);

/**
 * The passwords people pick most (docs/accounts.md "Common passwords"): about 41,000 of at least
 * eight characters, from the `popular-passwords` package (MIT; the list zxcvbn ships), read from
 * node_modules on first use, never downloaded. Server-side only: the web bundle does not carry it.
 */
let commonPasswords: ReadonlySet<string> | null = null;

function loadCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    (require('popular-passwords') as string[]).map((password) => password.toLowerCase()),
  );
  return commonPasswords;
}

/** Case does not make a listed password any harder to guess: `Password1` is as common. */
export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}

export const passwordTooCommon = (field = 'password') =>
  validationFailed(
    [
      {
        path: field,
        code: 'password_too_common',
        message: 'This password is too common; choose one that is harder to guess',
      },
    ],
    'This password is too common',
  );

/**
 * Every route that sets a password calls this first: 400 validation_failed on a listed one, the
 * error on `field` (the body's name for the new password).
 */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw passwordTooCommon(field);
}
