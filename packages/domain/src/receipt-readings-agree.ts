import { countedPrices, type ReceiptItem, type ReceiptReading } from './receipt-lines';
import { foldWords } from './receipt-vocabulary';

/** At most this many items take another reading's price: more is a search, not a correction. */
const MAX_CHANGES = 3;
/** A reading of noise offers many choices: the search gives up rather than take its time. */
const MAX_STEPS = 100_000;

/** An item's name as two readings of one photo can be compared: its letters, folded. */
const foldName = (name: string) => foldWords(name).join('');

/**
 * Levenshtein's distance between two strings, given up (limit + 1) once it must exceed `limit`.
 * The bench scores recognised names with it too.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    if (Math.min(...current) > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Whether two readings' names are one line's: the same letters but for one misread (two in a name
 * of eight letters or more). Names of fewer than four letters are too short to tell.
 */
export function sameItemName(a: string, b: string): boolean {
  const [first, second] = [foldName(a), foldName(b)];
  if (Math.min(first.length, second.length) < 4) return false;
  const limit = Math.min(first.length, second.length) >= 8 ? 2 : 1;
  return editDistance(first, second, limit) <= limit;
}

/** A price an item may have instead of what the reading taken counts for it. */
interface Option {
  /** What the item adds to the items' sum with this option. */
  cents: number;
  /** The item as it is with this option. */
  item: ReceiptItem;
  /** Whether the price comes from another reading (what the search counts and keeps few). */
  borrowed: boolean;
}

/**
 * What each item of the reading taken may count: its own price (ticked, or left offered for a
 * suggestion), and the prices other readings of the photo gave a line of the same name.
 */
function optionsOf(item: ReceiptItem, others: readonly ReceiptReading[]): Option[] {
  const counted = !item.suggestion && item.priceCents !== null;
  const options: Option[] = [{ cents: counted ? item.priceCents! : 0, item, borrowed: false }];
  // An offered line with a price of its own may turn out to be a product after all.
  if (item.suggestion && item.priceCents !== null) {
    options.push({ cents: item.priceCents, item: { ...item, suggestion: false }, borrowed: false });
  }
  const seen = new Set([item.priceCents]);
  for (const other of others) {
    for (const match of other.items) {
      if (match.priceCents === null || seen.has(match.priceCents)) continue;
      if (!sameItemName(item.name, match.name)) continue;
      seen.add(match.priceCents);
      options.push({
        cents: match.priceCents,
        item: {
          ...item,
          priceCents: match.priceCents,
          priceConfidence: match.priceConfidence,
          suggestion: false,
        },
        borrowed: true,
      });
    }
  }
  return options;
}

/** For each index, the least (or most) the options from there to the end add up to. */
function suffixSums(options: readonly Option[][], pick: (...cents: number[]) => number): number[] {
  const sums = Array<number>(options.length + 1).fill(0);
  for (let index = options.length - 1; index >= 0; index -= 1) {
    sums[index] = sums[index + 1]! + pick(...options[index]!.map((option) => option.cents));
  }
  return sums;
}

/**
 * A receipt's reading taken, with the prices another reading of the same photo gave the same
 * lines, where those make the items add up to the printed total to the cent, and only one way.
 * Each way of reading a poor photo misreads other digits: on a crumpled French receipt the first
 * reading lost the price of `Lessive` and read `Beurre Doux 2,49` for 2,45, while the second read
 * both right and lost others. Together with the total, printed once and read far more surely, they
 * say which is right. As few prices as possible are borrowed (at most three), an offered line with
 * a price may be ticked, and where two choices add up equally well nothing changes: the total check
 * and its adjustment then say what differs. A reading that adds up as read is kept as it is. Pure.
 */
export function pricedByOtherReadings(
  taken: ReceiptReading,
  others: readonly ReceiptReading[],
): ReceiptReading {
  if (taken.kind !== 'receipt' || taken.totalCents === null) return taken;
  const target = taken.totalCents - taken.discountsAndDepositsCents;
  const counted = countedPrices(taken.items).reduce((sum, { cents }) => sum + cents, 0);
  if (counted === target) return taken;
  const receipts = others.filter((other) => other.kind === 'receipt');
  const options = taken.items.map((item) => optionsOf(item, receipts));
  if (!options.some((choices) => choices.some((option) => option.borrowed))) return taken;

  // What the items from each index on can add at least and at most: a branch that cannot reach
  // the total is not followed.
  const least = suffixSums(options, Math.min);
  const most = suffixSums(options, Math.max);
  let steps = 0;
  const found: Option[][] = [];
  const chosen: Option[] = [];
  /** Depth-first over the items, borrowing at most `budget` prices; stops at a second way. */
  const search = (index: number, sum: number, budget: number): void => {
    steps += 1;
    if (found.length > 1 || steps > MAX_STEPS) return;
    if (sum + least[index]! > target || sum + most[index]! < target) return;
    if (index === options.length) {
      if (chosen.some((option) => option.borrowed)) found.push([...chosen]);
      return;
    }
    for (const option of options[index]!) {
      if (option.borrowed && budget === 0) continue;
      chosen.push(option);
      search(index + 1, sum + option.cents, budget - (option.borrowed ? 1 : 0));
      chosen.pop();
    }
  };
  // Fewest borrowed first: with one budget more, only ways that borrow that many more are new.
  for (let budget = 1; budget <= MAX_CHANGES; budget += 1) {
    found.length = 0;
    search(0, 0, budget);
    if (steps > MAX_STEPS || found.length > 1) return taken;
    if (found.length === 1) return { ...taken, items: found[0]!.map((option) => option.item) };
  }
  return taken;
}
