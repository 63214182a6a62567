import { JSON_BODY_LIMIT_BYTES } from '@household/contracts';
import fc from 'fast-check';
import type { ResourceKind } from './openapi';

/**
 * Who an id belongs to. `foreign`: the member's resources, named by the outsider (phase 1).
 * `own`: the caller's own resources (the outsider's in phase 1, the member's targets in phase 2).
 */
export type Owner = 'foreign' | 'own';

/** How an id is spelled: every spelling a coercing parser reads as the same number. */
export type IdSpelling = 'plain' | 'leading-zero' | 'plus' | 'padded' | 'decimal' | 'exponent';
export const ODD_ID_SPELLINGS: IdSpelling[] = [
  'leading-zero',
  'plus',
  'padded',
  'decimal',
  'exponent',
];

/** A pool id, resolved when the case is sent (the world's ids are not known when it is made). */
export interface IdRef {
  $fuzzId: { kind: ResourceKind; owner: Owner; index: number; spelling: IdSpelling };
}

/** JSON text written as is: numbers that `JSON.stringify` cannot spell (1e309, 2^70, -0). */
export interface RawJson {
  $fuzzRaw: string;
}

/** A body value as sent: JSON, plus the two markers above. */
export type WireValue =
  null | boolean | number | string | IdRef | RawJson | WireValue[] | { [key: string]: WireValue };

/** A path or query value: URL text, already percent-encoded, or a pool id. */
export type UrlValue = string | IdRef;

export const raw = (text: string): RawJson => ({ $fuzzRaw: text });

/**
 * Stands for the resource's current `version` in a valid request: with a stale one every update
 * stops at 409 before the values it carries reach the database.
 */
export const CURRENT_VERSION: RawJson = raw('<current-version>');
export const idRef = (
  kind: ResourceKind,
  owner: Owner,
  index = 0,
  spelling: IdSpelling = 'plain',
): IdRef => ({ $fuzzId: { kind, owner, index, spelling } });

export const isIdRef = (value: unknown): value is IdRef =>
  typeof value === 'object' && value !== null && '$fuzzId' in value;
export const isRawJson = (value: unknown): value is RawJson =>
  typeof value === 'object' && value !== null && '$fuzzRaw' in value;

/**
 * Percent-encodes any JavaScript string, lone surrogates included: those become the bytes a
 * careless encoder would write (ED A0 80 for U+D800), which is not UTF-8 and must be refused.
 * (`encodeURIComponent` throws on them.)
 */
export function encodeUrlText(text: string): string {
  let encoded = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

// The known nasty values: every field gets all of its type's list before any random case, so
// that even the shortest run meets them. Each one has bitten a real server.

export const NUL_TEXT = 'a\u0000b';
const LONE_SURROGATE_TEXT = 'a\ud800b';

/** Text that is valid JSON but hostile to storage, comparison or display. */
export function nastyStrings(maxLength: number | undefined): WireValue[] {
  return [
    NUL_TEXT,
    LONE_SURROGATE_TEXT,
    '\udc00\uffff\ufffe',
    // RTL override and mark, combining marks, a ZWJ emoji family, BOM and line separators.
    '\u202eevil\u200f e\u0301\u0302 👩‍👩‍👧‍👦 \ufeff\u2028',
    '',
    ' \t\n ',
    'x'.repeat((maxLength ?? 9_999) + 1),
    0,
    null,
  ];
}

/** Boundaries and wrong types for a number field. */
export const NASTY_NUMBERS: WireValue[] = [
  0,
  -1,
  1.5,
  2_147_483_648,
  raw('1e309'),
  raw('123456789012345678901234567890'),
  '1',
  null,
  NUL_TEXT,
];

export const NASTY_BOOLEANS: WireValue[] = ['true', 1, null];
export const NASTY_ENUM_VALUES: WireValue[] = [NUL_TEXT, LONE_SURROGATE_TEXT, ''];
export const NASTY_ARRAYS: WireValue[] = [
  [],
  'x',
  [raw('1e309')],
  Array.from({ length: 10_001 }, () => 2_147_483_648),
];
export const NASTY_OBJECTS: WireValue[] = [{}, [], 'x'];

/** Odd spellings for a path or query value (URL text). */
export const ODD_URL_VALUES: string[] = [
  '0',
  '-5',
  '01',
  '+1',
  '%201',
  '1e3',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'a',
  '%00',
  'a%ED%A0%80b',
  '%',
  'x'.repeat(300),
];

/** Whole bodies that are not what any route reads. */
export const RAW_BODIES: { text: string; encoding: 'utf8' | 'latin1' }[] = [
  { text: '', encoding: 'utf8' },
  { text: '{', encoding: 'utf8' },
  { text: 'null', encoding: 'utf8' },
  { text: '[]', encoding: 'utf8' },
  { text: '"text"', encoding: 'utf8' },
  { text: '1e309', encoding: 'utf8' },
  { text: '\ufeff{}', encoding: 'utf8' },
  { text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}', encoding: 'utf8' },
  { text: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, encoding: 'utf8' },
  { text: `"${'x'.repeat(JSON_BODY_LIMIT_BYTES)}"`, encoding: 'utf8' },
  // Bytes that are not UTF-8 (latin1 writes each character as one byte).
  { text: '{"name":"\xff\xfe\xc0\x80"}', encoding: 'latin1' },
];

export const ODD_CONTENT_TYPES: (string | null)[] = [
  null,
  'text/plain',
  'application/xml',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=fuzz',
  'application/x-www-form-urlencoded',
  'application/json',
];

/** Stands for the caller's valid access token in a header value. */
export const TOKEN = '<token>';
/** Stands for a signed or unsigned token with hostile claims (seed.ts makes them). */
export const forged = (name: ForgedTokenName) => `<forged:${name}>`;
export const FORGED_TOKEN_NAMES = [
  'alg-none',
  'other-key',
  'sub-int4-overflow',
  'sub-text',
  'expired',
  'no-session',
] as const;
export type ForgedTokenName = (typeof FORGED_TOKEN_NAMES)[number];

/** Authorization header values; `null` leaves the header out. */
export const AUTHORIZATION_VALUES: (string | null)[] = [
  null,
  'Bearer',
  `Bearer ${TOKEN}x`,
  'Basic dXNlcjpwYXNz',
  'Bearer a.b.c',
  ...FORGED_TOKEN_NAMES.map((name) => `Bearer ${forged(name)}`),
];

/**
 * Header values only a real socket shows as they are: Node's HTTP parser refuses them before the
 * app runs, and that refusal must be problem+json too.
 */
export const WIRE_AUTHORIZATION_VALUES: string[] = [
  `Bearer ${'x'.repeat(20_000)}`,
  `Bearer ${NUL_TEXT}`,
];

/** Headers the app reads besides Authorization and Content-Type, with values it must survive. */
export const APP_HEADER_VALUES: {
  name: string;
  value: string;
  methods: 'reads' | 'writes' | 'all';
}[] = [
  { name: 'idempotency-key', value: NUL_TEXT, methods: 'writes' },
  { name: 'if-none-match', value: `"${'x'.repeat(10_000)}", *, W/"\u00e9"`, methods: 'reads' },
  { name: 'x-request-id', value: NUL_TEXT, methods: 'all' },
  { name: 'accept-encoding', value: 'gzip;q=NaN, br;q=-1, *;q=2', methods: 'all' },
];

// Arbitraries for the random cases: the same kinds of values, in endless variation.

const hostileChar = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((cp) => String.fromCharCode(cp)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\ud800',
      '\udfff',
      '\uffff',
      '\u202e',
      '\u200f',
      '\u0301',
      '👩‍👧',
      '\ufeff',
      '\u2028',
      '"',
      '\\',
      '%',
      "'",
    ),
  },
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: hostileChar, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(hostileChar, fc.integer({ min: 100, max: 20_000 }))
      .map(([char, times]) => char.repeat(times)),
  },
);

export const hostileNumber: fc.Arbitrary<WireValue> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER),
  fc.bigInt().map((value) => raw(value.toString())),
  fc.constantFrom(raw('1e309'), raw('-1e309'), raw('-0'), raw('1e-400'), raw('9007199254740993')),
);

export const hostileJson: fc.Arbitrary<WireValue> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<WireValue>(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<WireValue> },
);

export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_URL_VALUES),
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
  hostileString.map(encodeUrlText),
);

/** A header cannot carry a line break (it would end the header), so the fuzzer sends none. */
export const hostileHeaderValue: fc.Arbitrary<string> = hostileString.map((text) =>
  text.replace(/[\r\n]/g, ' '),
);

export const hostileAuthorization: fc.Arbitrary<string | null> = fc.oneof(
  fc.constantFrom(...AUTHORIZATION_VALUES),
  hostileHeaderValue.map((text) => `Bearer ${text}`),
  fc
    .array(fc.base64String({ maxLength: 60 }), { minLength: 3, maxLength: 3 })
    .map((parts) => `Bearer ${parts.join('.').replace(/=/g, '')}`),
);

export const hostileContentType: fc.Arbitrary<string | null> = fc.oneof(
  fc.constantFrom(...ODD_CONTENT_TYPES),
  hostileHeaderValue,
);

export const hostileBody: fc.Arbitrary<{ text: string; encoding: 'utf8' | 'latin1' }> = fc.oneof(
  fc.constantFrom(...RAW_BODIES),
  fc.json({ maxDepth: 3 }).map((text) => ({ text, encoding: 'utf8' as const })),
  hostileString.map((text) => ({ text, encoding: 'utf8' as const })),
);
