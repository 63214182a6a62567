import type { OcrLanguage } from '@household/contracts';
import { readReceiptLines, type ReceiptItem, type ReceiptReading } from '@household/domain';
import { foldSearchText } from './search-text';

// replaced by the domain's functions when they land

/** A recognised line with what the review needs beside its text. */
export interface ReadLine {
  text: string;
  confidence: number;
  box: { x: number; y: number; width: number; height: number } | null;
  words: { text: string; confidence: number }[];
}

export interface ReadItem extends ReceiptItem {
  lineIndex: number;
  suggestion: boolean;
  doubtfulWords: string[];
}

/** Below this a line's item is offered, not ticked, and a word is marked doubtful. */
const SURE_CONFIDENCE = 60;

/** A detection score from which another language than the one read is worth a second reading. */
export const CLEAR_LANGUAGE_SCORE = 0.6;

export function readLines(
  lines: readonly ReadLine[],
  language: OcrLanguage,
): Omit<ReceiptReading, 'items'> & { items: ReadItem[] } {
  const reading = readReceiptLines(lines, language);
  let from = 0;
  const items = reading.items.map((item) => {
    const found = lines.findIndex((line, index) => index >= from && line.text.trim() === item.line);
    const lineIndex = found >= 0 ? found : from;
    from = lineIndex;
    const words = lines[lineIndex]?.words ?? [];
    return {
      ...item,
      lineIndex,
      suggestion: item.confidence < SURE_CONFIDENCE,
      doubtfulWords: words
        .filter((word) => word.confidence < SURE_CONFIDENCE && item.name.includes(word.text))
        .map((word) => word.text),
    };
  });
  return { ...reading, items };
}

export interface TotalCheck {
  itemsCents: number;
  totalCents: number;
  differenceCents: number;
  fixes: {
    itemIndex: number;
    reason: 'separator' | 'digit';
    fromCents: number;
    toCents: number;
  }[];
  adjustmentCents: number;
}

export function checkReceiptTotal(
  items: readonly Pick<ReadItem, 'priceCents' | 'suggestion'>[],
  totalCents: number | null,
): TotalCheck | null {
  if (totalCents === null) return null;
  const itemsCents = items
    .filter((item) => !item.suggestion)
    .reduce((sum, item) => sum + (item.priceCents ?? 0), 0);
  const differenceCents = totalCents - itemsCents;
  return { itemsCents, totalCents, differenceCents, fixes: [], adjustmentCents: differenceCents };
}

/** Words common on receipts and lists of one language only, folded. */
const LANGUAGE_WORDS: Record<OcrLanguage, string[]> = {
  eng: ['total', 'change', 'cash', 'card', 'thank', 'you', 'milk', 'bread', 'eggs', 'the', 'and'],
  deu: ['summe', 'gesamt', 'bar', 'zahlen', 'kasse', 'steuer', 'danke', 'einkauf', 'ihren', 'und'],
  nld: ['totaal', 'contant', 'wisselgeld', 'btw', 'bedankt', 'kassa', 'melk', 'brood', 'en'],
  fra: ['especes', 'rendu', 'tva', 'merci', 'caisse', 'lait', 'pain', 'fromage', 'de', 'et'],
  spa: ['efectivo', 'cambio', 'iva', 'gracias', 'caja', 'leche', 'pan', 'huevos', 'de', 'y'],
};

/** The language whose words the text holds most; score: its share of all words matched. */
export function detectOcrLanguage(texts: readonly string[]): {
  language: OcrLanguage;
  score: number;
} {
  const words = foldSearchText(texts.join(' ')).split(/[^\p{L}]+/u);
  let best: { language: OcrLanguage; hits: number } = { language: 'eng', hits: 0 };
  let all = 0;
  for (const [language, vocabulary] of Object.entries(LANGUAGE_WORDS)) {
    const hits = words.filter((word) => vocabulary.includes(word)).length;
    all += hits;
    if (hits > best.hits) best = { language: language as OcrLanguage, hits };
  }
  return { language: best.language, score: all === 0 ? 0 : best.hits / all };
}
