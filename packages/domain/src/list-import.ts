import {
  CATEGORY_NAME_MAX_LENGTH,
  ITEM_NAME_MAX_LENGTH,
  ITEM_NOTES_MAX_LENGTH,
  ITEM_PRICE_MAX_CENTS,
  ITEM_QUANTITY_MAX,
  ITEM_UNIT_MAX_LENGTH,
} from '@household/contracts';
import { parseItemLine } from './item-line';

/** An item read from an import, or written to an export: the fields of ZListExport's items. */
export interface ImportedItem {
  name: string;
  quantity: number;
  unit: string | null;
  priceCents: number | null;
  /** A category by name; the importer finds or creates it. */
  category: string | null;
  notes: string;
  done: boolean;
}

/** Why a line or row was left out of an import. */
export type ImportSkipReason =
  | 'empty_name'
  | 'name_too_long'
  | 'bad_quantity'
  | 'bad_unit'
  | 'bad_price'
  | 'bad_category'
  | 'notes_too_long'
  | 'bad_done'
  | 'unterminated_quote'
  | 'missing_name_column';

/** A line or row left out of an import, for the import result's `skipped`. */
export interface ImportSkip {
  /** 1-based line of the text; for a CSV row, the line it starts on (the header is line 1). */
  line: number;
  text: string;
  reason: ImportSkipReason;
}

/** What an import read: the items to add and what it left out. */
export interface ImportOutcome {
  items: ImportedItem[];
  skipped: ImportSkip[];
}

/** The CSV export's columns, in the order it writes them. */
export const CSV_COLUMNS = [
  'name',
  'quantity',
  'unit',
  'price_cents',
  'category',
  'notes',
  'done',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

const BOM = '\uFEFF';

/**
 * A list bullet and/or checkbox as pasted from notes apps, chats and Markdown: "- ", "* ", "• ",
 * "1. ", "1) ", "[ ] ", "[x] ", "- [x] ", "☐ ", "☑ ", "✓ ". A ticked box marks the item done.
 */
const BULLET = /^(?:[-*•·–+]|\d{1,3}[.)])(?:\s+|$)/u;
const CHECKBOX = /^(?:\[([ xX✓✔]?)\]|([☐☑☒✓✔]))(?:\s+|$)/u;

/** Reads a plain-text list, one item per line (parseItemLine); blank lines are ignored. */
export function parseTextList(text: string): ImportOutcome {
  const items: ImportedItem[] = [];
  const skipped: ImportSkip[] = [];
  const lines = stripBom(text).split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    let rest = raw.trim();
    if (rest === '') return;
    rest = rest.replace(BULLET, '');
    let done = false;
    const box = CHECKBOX.exec(rest);
    if (box !== null) {
      const mark = box[1] ?? box[2] ?? '';
      done = mark !== '' && mark !== ' ' && mark !== '☐';
      rest = rest.slice(box[0].length);
    }
    const parsed = parseItemLine(rest);
    const skip = (reason: ImportSkipReason) => skipped.push({ line: index + 1, text: raw, reason });
    if (parsed === null) return skip('empty_name');
    if (parsed.name.length > ITEM_NAME_MAX_LENGTH) return skip('name_too_long');
    items.push({ ...parsed, category: null, notes: '', done });
  });
  return { items, skipped };
}

/** Writes items as CSV (RFC 4180, CRLF, header first) with the columns of CSV_COLUMNS. */
export function toCsv(items: readonly ImportedItem[]): string {
  const rows = items.map((item) =>
    [
      csvText(item.name),
      String(item.quantity),
      csvText(item.unit ?? ''),
      item.priceCents === null ? '' : String(item.priceCents),
      csvText(item.category ?? ''),
      csvText(item.notes),
      String(item.done),
    ].join(','),
  );
  return [CSV_COLUMNS.join(','), ...rows].map((row) => `${row}\r\n`).join('');
}

/**
 * Reads a CSV list: a header row naming the columns (any order, any case; unknown ones ignored,
 * only `name` required), then one item per row. Tolerates a BOM, CRLF or LF, a missing final
 * newline and the semicolon or tab separators of spreadsheets in de, nl, fr and es; bad rows are
 * skipped with a reason, never thrown.
 */
export function parseCsv(text: string): ImportOutcome {
  const input = stripBom(text);
  const records = readCsvRecords(input, sniffDelimiter(input));
  const items: ImportedItem[] = [];
  const skipped: ImportSkip[] = [];
  const header = records.find((record) => !isBlankRecord(record));
  if (header === undefined) return { items, skipped };
  const columns = new Map<CsvColumn, number>();
  header.fields.forEach((field, index) => {
    const column = CSV_COLUMNS.find((known) => known === field.trim().toLowerCase());
    if (column !== undefined && !columns.has(column)) columns.set(column, index);
  });
  if (!columns.has('name')) {
    skipped.push({ line: header.line, text: header.text, reason: 'missing_name_column' });
    return { items, skipped };
  }
  for (const record of records.slice(records.indexOf(header) + 1)) {
    if (isBlankRecord(record)) continue;
    const result = record.isUnterminated
      ? ({ reason: 'unterminated_quote' } as const)
      : readCsvItem((column) => {
          const index = columns.get(column);
          return index === undefined ? '' : (record.fields[index] ?? '');
        });
    if ('reason' in result) {
      skipped.push({ line: record.line, text: record.text, reason: result.reason });
    } else {
      items.push(result);
    }
  }
  return { items, skipped };
}

/** One CSV row as an item, or why it cannot be one. */
function readCsvItem(
  field: (column: CsvColumn) => string,
): ImportedItem | { reason: ImportSkipReason } {
  const name = unguardFormula(field('name').trim());
  if (name === '') return { reason: 'empty_name' };
  if (name.length > ITEM_NAME_MAX_LENGTH) return { reason: 'name_too_long' };

  const quantityText = field('quantity').trim();
  // A spreadsheet in de, nl, fr or es writes 1,5 where ours writes 1.5.
  const quantity = quantityText === '' ? 1 : Number(quantityText.replace(',', '.'));
  const isQuantityWritten = quantityText === '' || QUANTITY.test(quantityText);
  if (!isQuantityWritten || !(quantity > 0 && quantity <= ITEM_QUANTITY_MAX)) {
    return { reason: 'bad_quantity' };
  }

  const unit = unguardFormula(field('unit').trim());
  if (unit.length > ITEM_UNIT_MAX_LENGTH) return { reason: 'bad_unit' };

  const priceText = field('price_cents').trim();
  const priceCents = priceText === '' ? null : Number(priceText);
  if (priceCents !== null && !(/^\d+$/.test(priceText) && priceCents <= ITEM_PRICE_MAX_CENTS)) {
    return { reason: 'bad_price' };
  }

  const category = unguardFormula(field('category').trim());
  if (category.length > CATEGORY_NAME_MAX_LENGTH) return { reason: 'bad_category' };

  const notes = unguardFormula(field('notes'));
  if (notes.length > ITEM_NOTES_MAX_LENGTH) return { reason: 'notes_too_long' };

  const done = DONE_WORDS.get(field('done').trim().toLowerCase());
  if (done === undefined) return { reason: 'bad_done' };

  return {
    name,
    quantity,
    unit: unit === '' ? null : unit,
    priceCents,
    category: category === '' ? null : category,
    notes,
    done,
  };
}

/** A decimal with a point or a comma, and the exponent String(number) writes for tiny numbers. */
const QUANTITY = /^(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[-+]?\d+)?$/i;
const DONE_WORDS = new Map([
  ['', false],
  ['false', false],
  ['0', false],
  ['no', false],
  ['true', true],
  ['1', true],
  ['yes', true],
]);

/**
 * A text starting with = + - @ tab or CR is run as a formula by spreadsheets (CSV injection), so
 * the export puts a ' before it; one more ' is added to a text that already starts with ' and
 * such a character, so that the import can take exactly one off and get the original back.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Guards a text field against formula injection, then quotes it as RFC 4180 asks. */
function csvText(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n;\t]|^\s|\s$/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** Takes off the ' that csvText put before a text that would run as a formula. */
function unguardFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}

function stripBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/** Spreadsheets in de, nl, fr and es save CSV with `;` (their decimal comma takes `,`). */
function sniffDelimiter(text: string): string {
  const headerLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map(
    (delimiter) => [delimiter, headerLine.split(delimiter).length] as const,
  );
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

interface CsvRecord {
  fields: string[];
  /** 1-based line the record starts on. */
  line: number;
  /** The record as written, without its line break. */
  text: string;
  /** A quoted field ran to the end of the input: the rest of the file was swallowed. */
  isUnterminated: boolean;
}

function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}

/** RFC 4180 records, lenient: LF or CR alone end a record too, stray quotes are kept as text. */
function readCsvRecords(text: string, delimiter: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let recordStart = 0;
  let isQuoted = false;
  let isFieldStart = true;
  let isUnterminated = false;
  let index = 0;

  const endRecord = (end: number) => {
    fields.push(field);
    records.push({
      fields,
      line: recordLine,
      text: text.slice(recordStart, end),
      isUnterminated,
    });
    fields = [];
    field = '';
    isFieldStart = true;
  };

  while (index < text.length) {
    const char = text[index] ?? '';
    if (isQuoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        isQuoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && isFieldStart) {
      isQuoted = true;
      isFieldStart = false;
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
      isFieldStart = true;
    } else if (char === '\r' || char === '\n') {
      endRecord(index);
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      recordStart = index;
      continue;
    } else {
      field += char;
      isFieldStart = false;
    }
    index += 1;
  }
  if (isQuoted) isUnterminated = true;
  if (recordStart < text.length || fields.length > 0 || field !== '' || isQuoted) {
    endRecord(text.length);
  }
  return records;
}
