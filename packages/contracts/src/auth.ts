import { z } from './zod';
import { ZEmail, ZPassword, ZPersonName, ZTimeZone } from './common';
import { LOCALES, PASSWORD_MAX_LENGTH, TOKEN_MAX_LENGTH } from './limits';
import { zLine, zSecret } from './text';

/** Refresh, reset and verification tokens: printable ASCII, as the server hands them out. */
const ZToken = z
  .string()
  .min(1)
  .max(TOKEN_MAX_LENGTH)
  .regex(/^[\x21-\x7E]+$/, 'Invalid token');

export const ZRegisterBody = z.object({
  name: ZPersonName,
  email: ZEmail,
  password: ZPassword,
  /** Optional: the browser's language and time zone at sign-up. */
  locale: z.enum(LOCALES).optional(),
  timezone: ZTimeZone.optional(),
});
export type RegisterBody = z.input<typeof ZRegisterBody>;

/** spec §7: form-encoded, `username` carries the email (OAuth2 password grant shape). */
export const ZLoginForm = z.object({
  username: zLine().trim().min(1, 'Email is required').max(320),
  password: zSecret().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginForm = z.input<typeof ZLoginForm>;

export const ZTokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Lifetime of the access token in seconds. */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof ZTokenPair>;

export const ZRefreshBody = z.object({
  refresh_token: ZToken,
});
export type RefreshBody = z.input<typeof ZRefreshBody>;

/** Bodies a client may leave out entirely: Fastify hands a missing body over as null. */
export const ZLogoutBody = z.object({ refresh_token: ZToken.optional() }).nullish();

export const ZClaimBody = z.object({
  name: ZPersonName,
  email: ZEmail,
  password: ZPassword,
});
export type ClaimBody = z.input<typeof ZClaimBody>;

export const ZForgotPasswordBody = z.object({ email: ZEmail });
export type ForgotPasswordBody = z.input<typeof ZForgotPasswordBody>;

export const ZResetPasswordBody = z.object({
  token: ZToken,
  password: ZPassword,
});
export type ResetPasswordBody = z.input<typeof ZResetPasswordBody>;

export const ZRequestVerifyTokenBody = z.object({ email: ZEmail.optional() }).nullish();

export const ZVerifyBody = z.object({ token: ZToken });
export type VerifyBody = z.input<typeof ZVerifyBody>;

/**
 * POST /auth/unlock-request: mails a one-time link that lets the browser it is opened in sign in
 * to the account even while guessing from elsewhere slows the account's logins (docs/decisions.md
 * "Failed logins"). Always 202, whether or not the address has an account.
 */
export const ZUnlockRequestBody = z.object({ email: ZEmail });
export type UnlockRequestBody = z.input<typeof ZUnlockRequestBody>;

/** POST /auth/unlock: the mailed token; the answer (204) marks this browser as a known device. */
export const ZUnlockBody = z.object({ token: ZToken });
export type UnlockBody = z.input<typeof ZUnlockBody>;

export const ZAccepted = z.object({ status: z.literal('accepted') });
