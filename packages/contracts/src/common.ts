import { z } from './zod';
import {
  INT4_MAX,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';
import { zLine, zSecret } from './text';

/**
 * An id in a JSON body: a number, as every answer gives it. Ids are PostgreSQL `integer`s, so
 * anything larger is not an id (400, not a database error). Paths and queries use `ZIdParam`.
 */
export const ZId = z.number().int().positive().max(INT4_MAX);

export const ZEmail = zLine()
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email('Invalid email format'))
  .transform((email) => email.toLowerCase());

export const ZPassword = zSecret()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);

export const ZPersonName = zLine().trim().min(1, 'Name is required').max(NAME_MAX_LENGTH);

/** An IANA time zone the runtime knows, e.g. `Europe/Berlin`. */
export const ZTimeZone = z
  .string()
  .max(64)
  .refine(isKnownTimeZone, { message: 'Unknown time zone' });

/** An ISO 4217 currency code the runtime knows, e.g. `EUR`. */
export const ZCurrency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code')
  .refine(isKnownCurrency, { message: 'Unknown currency' });

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function isKnownCurrency(currency: string): boolean {
  return Intl.supportedValuesOf('currency').includes(currency);
}
