/**
 * Business constants shared by the server and the web app (spec §9). This module imports nothing,
 * so the web app's first page takes its constants from here without loading zod.
 */

export const API_PREFIX = '/api/v1';

/** The largest PostgreSQL `integer`: every id column. */
export const INT4_MAX = 2_147_483_647;

/** RFC 9457: every error answer of the API has this media type. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

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

export const GROUP_NAME_MAX_LENGTH = 100;
export const GROUP_DESCRIPTION_MAX_LENGTH = 1000;
/** spec §4: no 0/O or 1/I, so a code read aloud or copied by hand cannot be mistaken. */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 32^10 ≈ 10^15 codes: at the join rate limit, guessing one takes longer than any code lives. */
export const INVITE_CODE_LENGTH = 10;
export const INVITE_VALID_DAYS_DEFAULT = 7;
export const INVITE_VALID_DAYS_MAX = 90;
export const ACTIVITY_PAGE_DEFAULT = 20;
export const ACTIVITY_PAGE_MAX = 100;

export const LIST_NAME_MAX_LENGTH = 100;
/** The shop a list is for (issue 25: its walking order is learned per shop). */
export const SHOP_NAME_MAX_LENGTH = 80;
export const LIST_DESCRIPTION_MAX_LENGTH = 1000;
export const ITEM_NAME_MAX_LENGTH = 200;
export const ITEM_NOTES_MAX_LENGTH = 1000;
export const ITEM_UNIT_MAX_LENGTH = 20;
/** A shopping list longer than this is a warehouse inventory, not a shopping list. */
export const ITEMS_PER_LIST_MAX = 5000;
/** Up to a million in the list's currency (minor units), per line. */
export const ITEM_PRICE_MAX_CENTS = 100_000_000;
export const ITEM_QUANTITY_MAX = 100_000;
export const CATEGORY_NAME_MAX_LENGTH = 50;
export const CATEGORIES_MAX = 100;
/** An import of more than this many characters is not a shopping list. */
export const IMPORT_MAX_CHARS = 200_000;
export const LIST_STATUSES_QUERY_MAX_IDS = 100;

/** Up to a million in the group's currency (minor units), per expense or payment. */
export const EXPENSE_AMOUNT_MAX_CENTS = 100_000_000;
export const EXPENSE_DESCRIPTION_MAX_LENGTH = 200;
export const EXPENSE_NOTES_MAX_LENGTH = 1000;
/** Everyone of the largest household and then some. */
export const EXPENSE_PARTICIPANTS_MAX = 100;
export const EXPENSE_SPLIT_ITEMS_MAX = 1000;
export const EXPENSE_SHARE_WEIGHT_MAX = 1000;
export const EXPENSE_PAGE_DEFAULT = 20;
export const EXPENSE_PAGE_MAX = 100;
/** A Splitwise export of this many characters is some ten thousand rows: years of a household. */
export const EXPENSE_IMPORT_MAX_CHARS = 900_000;
/** How many of a group's recent exchange rates its rate list shows. */
export const EXCHANGE_RATE_HISTORY_MAX = 50;
export const EXPENSE_IMPORT_MAX_ROWS = 10_000;
/** How many of the rows an import shows before it is applied. */
export const EXPENSE_IMPORT_PREVIEW_ROWS = 50;
/** How many other currencies' rates an import may be given: more than any household's travels. */
export const EXPENSE_IMPORT_RATES_MAX = 50;

export const CHORE_NAME_MAX_LENGTH = 100;
export const CHORE_DESCRIPTION_MAX_LENGTH = 2000;
/** spec §9: a custom interval is at least one day; ten years is the most that means anything. */
export const CHORE_INTERVAL_MIN_DAYS = 1;
export const CHORE_INTERVAL_MAX_DAYS = 3650;
/** Effort is a small weight: 1 (a quick wipe) to 10 (a spring clean). */
export const CHORE_EFFORT_MIN = 1;
export const CHORE_EFFORT_MAX = 10;
export const CHORE_EFFORT_DEFAULT = 1;
/** Members in a chore's fixed rotation, and turns in a random-but-fair window. */
export const CHORE_ROTATION_MAX = 100;
/** A chore's completion window: at most a year before the due date. */
export const CHORE_COMPLETION_WINDOW_MAX_DAYS = 365;
export const CHORE_SKIP_REASON_MAX_LENGTH = 200;
export const CHORE_FAIR_WINDOW_MAX = 52;
/** GET /chores answers a household's chores at once; pages past this many. */
export const CHORE_PAGE_DEFAULT = 500;
export const CHORE_PAGE_MAX = 1000;
export const CHORE_HISTORY_PAGE_DEFAULT = 50;
export const CHORE_HISTORY_PAGE_MAX = 200;
/** A generated schedule covers one to twelve weeks. */
export const SCHEDULE_WEEKS_MAX = 12;
export const SCHEDULE_AWAY_PERIODS_MAX = 100;
/** A stored away period lasts at most this many days, both ends counted (about a year). */
export const AWAY_PERIOD_MAX_DAYS = 366;
/** One time entry lasts at most a day; longer is a forgotten stop button. */
export const TIME_ENTRY_MAX_MINUTES = 24 * 60;
export const TIME_ENTRY_NOTE_MAX_LENGTH = 200;

/** Receipt and list photos read on the server (docs/ocr.md). */
export const OCR_LANGUAGES = ['eng', 'deu', 'nld', 'fra', 'spa'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];
/** The recognition language a user's locale reads by default. */
export const OCR_LANGUAGE_OF_LOCALE: Record<Locale, OcrLanguage> = {
  en: 'eng',
  de: 'deu',
  nl: 'nld',
  fr: 'fra',
  es: 'spa',
};
/** A phone photo is 2–6 MB; more is refused with 413 before it is read. */
export const OCR_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const OCR_IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
] as const;
/** Photos of one batch: a long receipt in parts, or a few handwritten pages. */
export const OCR_BATCH_MAX_FILES = 5;
export const OCR_HISTORY_PAGE_DEFAULT = 20;
export const OCR_HISTORY_PAGE_MAX = 100;
/** Items a review may add at once: more than any receipt holds, far less than a list may. */
export const OCR_APPLY_MAX_ITEMS = 200;
