import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';

/** Ids are PostgreSQL `integer`s: anything larger is not an id (400, not a database error). */
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);

export const ZEmail = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email('Invalid email format'))
  .transform((email) => email.toLowerCase());

export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);

export const ZPersonName = z.string().trim().min(1, 'Name is required').max(NAME_MAX_LENGTH);

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
