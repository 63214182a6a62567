import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZIdParam, zLine, zMultiline, zSecret } from './text';

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const controlCharacter = fc
  .integer({ min: 0, max: 0x9f })
  .filter(isControl)
  .map((code) => String.fromCharCode(code));
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));

describe('text fields', () => {
  it('a line refuses any control character or lone surrogate, wherever it is', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.oneof(controlCharacter, loneSurrogate),
        fc.string(),
        (a, bad, b) => {
          expect(zLine().safeParse(`${a}${bad}${b}`).success).toBe(false);
        },
      ),
    );
  });

  it('a line accepts every well-formed text without controls, and stores it in NFC', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre([...text].every((c) => !isControl(c.codePointAt(0)!)));
        const parsed = zLine().parse(text);
        expect(parsed).toBe(text.normalize('NFC'));
        expect(zLine().parse(parsed)).toBe(parsed);
      }),
    );
  });

  it('multiline text keeps tabs and line breaks, with CRLF and CR stored as LF', () => {
    expect(zMultiline().parse('a\tb\r\nc\rd\ne')).toBe('a\tb\nc\nd\ne');
    expect(zMultiline().safeParse('a\u0000b').success).toBe(false);
    expect(zMultiline().safeParse('a\u001bb').success).toBe(false);
    expect(zMultiline().safeParse('a\ud800b').success).toBe(false);
  });

  it('a secret is kept as typed but never holds NUL or a lone surrogate', () => {
    expect(zSecret().parse(' Cafe\u0301\t ')).toBe(' Cafe\u0301\t ');
    expect(zSecret().safeParse('a\u0000b').success).toBe(false);
    expect(zSecret().safeParse('a\udc00').success).toBe(false);
    expect(zSecret().parse('emoji 😀')).toBe('emoji 😀');
  });
});

describe('ids in paths and queries', () => {
  it('accepts canonical digits within PostgreSQL integer and gives the number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(ZIdParam.parse(String(id))).toBe(id);
      }),
    );
  });

  it.each([
    '0',
    '01',
    '+1',
    ' 1',
    '1 ',
    '1e3',
    '1.0',
    '-1',
    '0x1',
    '2147483648',
    '99999999999',
    '',
  ])('refuses %j', (raw) => {
    expect(ZIdParam.safeParse(raw).success).toBe(false);
  });
});
