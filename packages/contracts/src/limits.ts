/** Business constants shared by the server and the web app (spec §9). */

export const API_PREFIX = '/api/v1';

export const LOCALES = ['en', 'de', 'nl', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded password is a cheap denial of service. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
/** RFC 5321 limits a forward path to 256 octets including the brackets. */
export const EMAIL_MAX_LENGTH = 254;
export const TOKEN_MAX_LENGTH = 512;

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const TOAST_DEFAULT_DURATION_MS = 5000;
export const ERROR_REPORTING_TRACE_SAMPLE_RATE = 1;

/** spec §3: the display name when a user has none. */
export const USER_FALLBACK_LABEL = 'User ID';
