import { z } from './zod';
import { INT4_MAX } from './limits';

/**
 * One rule for the text a person types, used by every string field of a request (docs/api.md
 * "Text and ids"). A field refuses what nobody types and PostgreSQL cannot store or index — NUL,
 * unpaired UTF-16 surrogates, control characters — with a 400 that names it, and stores the
 * rest in Unicode NFC, so that "é" typed on two keyboards is one name.
 *
 * - `zLine()`: names, units, codes, emails. No control character at all: a tab or a line break in
 *   a name is a paste accident.
 * - `zMultiline()`: descriptions, notes, pasted import content. Keeps tabs and line breaks, with
 *   `\r\n` and `\r` stored as `\n`.
 * - `zSecret()`: passwords and tokens as typed: never trimmed or normalised (a password hashed
 *   before this rule existed must still match), but NUL and lone surrogates are refused.
 *
 * Trimming stays with each field (`.trim()`), where the spec's forms trim.
 */
export const TEXT_NOT_ALLOWED = 'Contains a character that is not allowed';

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
// Control characters are what these patterns are for.
// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const isCleanLine = (text: string) =>
  !CONTROL_IN_LINE.test(text) && !LONE_SURROGATE.test(text);
export const isCleanMultiline = (text: string) =>
  !CONTROL_IN_MULTILINE.test(text) && !LONE_SURROGATE.test(text);
export const isCleanSecret = (text: string) =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);

export const zLine = () =>
  z.string().refine(isCleanLine, { message: TEXT_NOT_ALLOWED, abort: true }).normalize('NFC');

export const zMultiline = () =>
  z
    .string()
    .refine(isCleanMultiline, { message: TEXT_NOT_ALLOWED, abort: true })
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .normalize('NFC');

export const zSecret = () =>
  z.string().refine(isCleanSecret, { message: TEXT_NOT_ALLOWED, abort: true });

/**
 * An id in a path or a query string: canonical decimal digits (`01`, `+1`, ` 1`, `1e3` are not
 * ids) within PostgreSQL's `integer`. A path that names no such id answers 404 (the error handler
 * maps a path parameter that fails validation to `not_found`); a query value answers 400.
 */
export const ZIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Invalid id')
  .transform(Number)
  .pipe(z.number().max(INT4_MAX, 'Invalid id'));
