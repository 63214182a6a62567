import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_NAME_MAX_LENGTH,
  ITEM_NAME_MAX_LENGTH,
  ITEM_NOTES_MAX_LENGTH,
  ITEM_PRICE_MAX_CENTS,
  ITEM_QUANTITY_MAX,
  ITEM_UNIT_MAX_LENGTH,
} from '@household/contracts';
import { parseCsv, parseTextList, toCsv } from './list-import';
import type { ImportedItem } from './list-import';

const item = (partial: Partial<ImportedItem> & { name: string }): ImportedItem => ({
  quantity: 1,
  unit: null,
  priceCents: null,
  category: null,
  notes: '',
  done: false,
  ...partial,
});

describe('parseTextList', () => {
  it('reads one item per line, ignoring blank lines', () => {
    const text = '2 x Milk 1,99\n\n  \r\n500 g flour\r\nBread 3\n';
    expect(parseTextList(text)).toEqual({
      items: [
        item({ name: 'Milk', quantity: 2, priceCents: 199 }),
        item({ name: 'flour', quantity: 500, unit: 'g' }),
        item({ name: 'Bread', quantity: 3 }),
      ],
      skipped: [],
    });
  });

  it('strips list bullets and numbers, and a ticked box marks the item done', () => {
    const text = [
      '- Milk',
      '* Eggs',
      '• Bread',
      '1. Butter',
      '2) Jam',
      '[ ] Cheese',
      '[x] Apples',
      '[X] Pears',
      '- [ ] Tea',
      '- [x] 2 x Coffee',
      '☐ Salt',
      '☑ Pepper',
      '-5% yoghurt',
    ].join('\n');
    const { items, skipped } = parseTextList(text);
    expect(skipped).toEqual([]);
    expect(items.map((i) => [i.name, i.quantity, i.done])).toEqual([
      ['Milk', 1, false],
      ['Eggs', 1, false],
      ['Bread', 1, false],
      ['Butter', 1, false],
      ['Jam', 1, false],
      ['Cheese', 1, false],
      ['Apples', 1, true],
      ['Pears', 1, true],
      ['Tea', 1, false],
      ['Coffee', 2, true],
      ['Salt', 1, false],
      ['Pepper', 1, true],
      ['-5% yoghurt', 1, false],
    ]);
  });

  it('skips, with its 1-based line number, a bullet without a name and a name too long', () => {
    const long = 'a'.repeat(ITEM_NAME_MAX_LENGTH + 1);
    const text = `\uFEFFMilk\n- \n[x]\n${long}\n${'b'.repeat(ITEM_NAME_MAX_LENGTH)}`;
    const { items, skipped } = parseTextList(text);
    expect(items.map((i) => i.name)).toEqual(['Milk', 'b'.repeat(ITEM_NAME_MAX_LENGTH)]);
    expect(skipped).toEqual([
      { line: 2, text: '- ', reason: 'empty_name' },
      { line: 3, text: '[x]', reason: 'empty_name' },
      { line: 4, text: long, reason: 'name_too_long' },
    ]);
  });

  it('reads nothing from an empty text', () => {
    expect(parseTextList('')).toEqual({ items: [], skipped: [] });
    expect(parseTextList('\n \n')).toEqual({ items: [], skipped: [] });
  });

  it('accounts for every non-blank line: each is an item or a skip', () => {
    const lineArb = fc
      .string({ unit: 'grapheme', maxLength: 30 })
      .filter((line) => !/[\r\n]/.test(line));
    fc.assert(
      fc.property(fc.array(lineArb), (lines) => {
        const { items, skipped } = parseTextList(lines.join('\n'));
        const nonBlank = lines.filter((line) => line.trim() !== '');
        expect(items.length + skipped.length).toBe(nonBlank.length);
        for (const skip of skipped) {
          expect(lines[skip.line - 1]?.replace(/^\uFEFF/, '')).toBe(skip.text);
        }
        for (const imported of items) {
          expect(imported.name.length).toBeGreaterThan(0);
          expect(imported.name.length).toBeLessThanOrEqual(ITEM_NAME_MAX_LENGTH);
        }
      }),
    );
  });
});

describe('toCsv', () => {
  it('writes a header, then one quoted-where-needed row per item, with CRLF', () => {
    const csv = toCsv([
      item({ name: 'Milk', quantity: 2, unit: 'l', priceCents: 199, category: 'Dairy' }),
      item({ name: 'Eggs, "free range"', notes: 'big\nones', done: true }),
    ]);
    expect(csv).toBe(
      'name,quantity,unit,price_cents,category,notes,done\r\n' +
        'Milk,2,l,199,Dairy,,false\r\n' +
        '"Eggs, ""free range""",1,,,,"big\nones",true\r\n',
    );
  });

  it('never writes a text that a spreadsheet would run as a formula', () => {
    const csv = toCsv([item({ name: '=HYPERLINK("http://evil")', notes: '@SUM(A1)' })]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`'@SUM(A1)`);
    expect(parseCsv(csv).items).toEqual([
      item({ name: '=HYPERLINK("http://evil")', notes: '@SUM(A1)' }),
    ]);
  });

  it('writes just the header for an empty list', () => {
    expect(toCsv([])).toBe('name,quantity,unit,price_cents,category,notes,done\r\n');
  });
});

describe('parseCsv', () => {
  it('reads a header in any column order and any case, ignoring unknown columns', () => {
    const csv = 'Done,PRICE_CENTS,name,colour,quantity\ntrue,250,Milk,white,1.5\nfalse,,Eggs,,';
    expect(parseCsv(csv)).toEqual({
      items: [
        item({ name: 'Milk', quantity: 1.5, priceCents: 250, done: true }),
        item({ name: 'Eggs' }),
      ],
      skipped: [],
    });
  });

  it('tolerates a BOM, CRLF, blank lines and a missing trailing newline', () => {
    const csv = '\uFEFFname,quantity\r\nMilk,2\r\n\r\nEggs,6';
    expect(parseCsv(csv).items).toEqual([
      item({ name: 'Milk', quantity: 2 }),
      item({ name: 'Eggs', quantity: 6 }),
    ]);
  });

  it('reads quoted fields with separators, quotes and line breaks', () => {
    const csv = 'name,notes\r\n"Eggs, ""free range""","big\r\nones"\r\nMilk,"a,b"\r\n';
    expect(parseCsv(csv).items).toEqual([
      item({ name: 'Eggs, "free range"', notes: 'big\r\nones' }),
      item({ name: 'Milk', notes: 'a,b' }),
    ]);
  });

  it('reads the semicolon CSV and decimal comma of spreadsheets in de, nl, fr and es', () => {
    const csv = 'name;quantity;unit;price_cents\nÄpfel;1,5;kg;299\n"Milch; frisch";2;l;\n';
    expect(parseCsv(csv).items).toEqual([
      item({ name: 'Äpfel', quantity: 1.5, unit: 'kg', priceCents: 299 }),
      item({ name: 'Milch; frisch', quantity: 2, unit: 'l' }),
    ]);
  });

  it('skips bad rows with the line they start on and a reason, and keeps the good ones', () => {
    const csv = [
      'name,quantity,unit,price_cents,category,notes,done',
      'Milk,2,,199,,,false',
      ',2,,,,,',
      'Eggs,0,,,,,',
      'Eggs,many,,,,,',
      `Eggs,${ITEM_QUANTITY_MAX + 1},,,,,`,
      'Bread,1,,1.99,,,',
      'Bread,1,,-5,,,',
      `Bread,1,,${ITEM_PRICE_MAX_CENTS + 1},,,`,
      `Jam,1,${'u'.repeat(ITEM_UNIT_MAX_LENGTH + 1)},,,,`,
      `Jam,1,,,${'c'.repeat(CATEGORY_NAME_MAX_LENGTH + 1)},,`,
      `Jam,1,,,,"${'n'.repeat(ITEM_NOTES_MAX_LENGTH + 1)}",`,
      'Jam,1,,,,,maybe',
      `${'a'.repeat(ITEM_NAME_MAX_LENGTH + 1)},1,,,,,`,
      'Tea,1,,,,"two',
      'lines",yes',
      'Coffee,1,,,,"never closed',
    ].join('\n');
    const { items, skipped } = parseCsv(csv);
    expect(items).toEqual([
      item({ name: 'Milk', quantity: 2, priceCents: 199 }),
      item({ name: 'Tea', notes: 'two\nlines', done: true }),
    ]);
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([
      [3, 'empty_name'],
      [4, 'bad_quantity'],
      [5, 'bad_quantity'],
      [6, 'bad_quantity'],
      [7, 'bad_price'],
      [8, 'bad_price'],
      [9, 'bad_price'],
      [10, 'bad_unit'],
      [11, 'bad_category'],
      [12, 'notes_too_long'],
      [13, 'bad_done'],
      [14, 'name_too_long'],
      [17, 'unterminated_quote'],
    ]);
    expect(skipped[0]?.text).toBe(',2,,,,,');
  });

  it('reports a file without a name column instead of guessing', () => {
    expect(parseCsv('item,qty\nMilk,2\n')).toEqual({
      items: [],
      skipped: [{ line: 1, text: 'item,qty', reason: 'missing_name_column' }],
    });
  });

  it('reads nothing from an empty file or a header alone', () => {
    expect(parseCsv('')).toEqual({ items: [], skipped: [] });
    expect(parseCsv('\uFEFF')).toEqual({ items: [], skipped: [] });
    expect(parseCsv('name,quantity\r\n')).toEqual({ items: [], skipped: [] });
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom(',', ';', '"', '\n', '\r', 'name', "'", '='),
            fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
          ),
        }),
        (text) => {
          const { items, skipped } = parseCsv(text);
          expect(Array.isArray(items) && Array.isArray(skipped)).toBe(true);
        },
      ),
    );
  });

  /** Text full of the characters CSV must quote or guard: separators, quotes, line breaks. */
  const trickyText = (maxLength: number) =>
    fc.string({
      unit: fc.oneof(
        fc.constantFrom(',', ';', '"', "'", '\n', '\r', '\r\n', '\t', ' ', '=', '-', '@', '\uFEFF'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
      maxLength,
    });
  const trimmed = (maxLength: number) =>
    trickyText(maxLength).filter((text) => text === text.trim() && text.length <= maxLength);
  const itemArb: fc.Arbitrary<ImportedItem> = fc.record({
    name: trimmed(ITEM_NAME_MAX_LENGTH).filter((name) => name !== ''),
    quantity: fc.oneof(
      fc.integer({ min: 1, max: ITEM_QUANTITY_MAX }),
      fc.double({ min: Number.MIN_VALUE, max: ITEM_QUANTITY_MAX, noNaN: true }),
    ),
    unit: fc.option(trimmed(ITEM_UNIT_MAX_LENGTH).filter((unit) => unit !== '')),
    priceCents: fc.option(fc.integer({ min: 0, max: ITEM_PRICE_MAX_CENTS })),
    category: fc.option(trimmed(CATEGORY_NAME_MAX_LENGTH).filter((name) => name !== '')),
    notes: trickyText(200).filter((notes) => notes.length <= ITEM_NOTES_MAX_LENGTH),
    done: fc.boolean(),
  });

  it('gives back exactly the items an export wrote, whatever their text', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 20 }), (items) => {
        expect(parseCsv(toCsv(items))).toEqual({ items, skipped: [] });
      }),
    );
  });
});
