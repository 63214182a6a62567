import { OCR_LANGUAGES } from '@household/contracts';
import type { OcrLanguage } from '@household/contracts';
import { foldWords } from './receipt-vocabulary';

/** The language a photo's text is in, and how clearly: the winner's share of all the evidence. */
export interface DetectedOcrLanguage {
  language: OcrLanguage;
  /** 0–1: 0 when nothing pointed anywhere (the language is then English), 1 when all agreed. */
  score: number;
}

/*
 * Words of each language as shopping lists and receipts print them: common words, receipt words
 * (totals, tax, payment, greetings) and products. Folded as foldWords folds them (no accents, ß as
 * ss). A word several languages share ("de", "tomates", "butter") counts for each of them.
 */
const WORDS: Record<OcrLanguage, ReadonlySet<string>> = {
  eng: words(
    'the and of for with your you thank thanks please shopping list store till receipt items sold',
    'subtotal total change due cash card debit credit visa vat price saving savings points paid',
    'milk bread eggs butter apples apple coffee tea pasta tomatoes toothpaste cheese juice beans',
    'chicken rice onions water chocolate kitchen roll semi skimmed wholemeal free range greek',
    'yoghurt loose bananas cheddar orange washing liquid up breast fillets tinned red sparkling dark',
    'sugar flour potatoes oil olive salt pepper beer wine soap',
  ),
  deu: words(
    'und der die das mit fur bitte danke vielen ihr ihre einkauf einkaufsliste einkaufszettel stk',
    'stuck summe zwischensumme gesamt gesamtbetrag mwst steuer netto brutto bar gegeben ruckgeld',
    'kartenzahlung bon kasse pfand leergut milch brot eier apfel kase joghurt kaffee nudeln',
    'zahnpasta vollmilch roggenbrot natur mineralwasser jung tomaten kartoffeln festkochend',
    'hahnchenbrust paprika rot frischkase apfelsaft brotchen toilettenpapier wasser zucker mehl',
    'salz bier wein seife sahne quark wurst butter bananen bio gouda',
  ),
  nld: words(
    'en het van een voor met bedankt dank tot ziens uw boodschappen boodschappenlijst totaal',
    'subtotaal te betalen btw pinnen contant wisselgeld bonuskaart korting statiegeld melk brood',
    'eieren kaas komkommers komkommer hagelslag koffie wasmiddel halfvolle volkorenbrood jonge',
    'appels koffiebonen pindakaas sinaasappelsap rundergehakt aardappelen vrije uitloop rood',
    'stroopwafels afwasmiddel suiker meel zout bier wijn zeep uien bananen yoghurt',
  ),
  fra: words(
    'et le la les de du des pour avec merci au revoir bientot liste courses tva ttc ht sous payer',
    'rendu monnaie carte bancaire especes remise caisse lait pain oeufs fromage baguettes pommes',
    'cafe lessive demi ecreme baguette tradition camembert yaourts nature golden jambon blanc eau',
    'minerale moulu liquide vaisselle beurre doux farine ble plein air pates completes biere',
    'blonde chocolat noir papier toilette sucre sel vin savon oignons poulet riz tomates',
  ),
  spa: words(
    'y el la los las de del con para gracias por su compra visita vuelva pronto lista importe iva',
    'efectivo cambio entregado factura simplificada tarjeta descuento caja leche pan huevos queso',
    'tomates aceite cafe yogures jabon entera molde frescos oliva naranjas manchego yogur natural',
    'arroz redondo detergente rama pimientos verdes jamon serrano cerveza patatas chorizo',
    'galletas molido azucar harina sal vino pollo cebollas agua',
  ),
};

/** Letters only some of the languages write: evidence even in a word no list holds. */
const LETTERS: Record<OcrLanguage, string> = {
  eng: '',
  deu: 'ßäöü',
  nld: 'ëïĳ',
  fra: 'éèêàçœôûâî',
  spa: 'ñáíóú¿¡',
};

/** A word found only within one edit of a listed one (a misread letter) counts this much. */
const NEAR_WORD_WEIGHT = 0.5;
/** Shorter words are too often one edit from another language's. */
const NEAR_WORD_MIN_LENGTH = 5;

/**
 * Which of the five recognition languages a photo's text is in, from the words recognition read
 * with any language (product, receipt and common words, allowing one misread letter in longer
 * ones) and the letters only some languages write. Pure.
 */
export function detectOcrLanguage(texts: readonly string[]): DetectedOcrLanguage {
  const scores = new Map<OcrLanguage, number>(OCR_LANGUAGES.map((language) => [language, 0]));
  const add = (language: OcrLanguage, weight: number) =>
    scores.set(language, (scores.get(language) ?? 0) + weight);
  for (const text of texts) {
    const lower = text.toLowerCase();
    for (const character of lower) {
      for (const language of OCR_LANGUAGES) {
        if (LETTERS[language].includes(character)) add(language, 1);
      }
    }
    for (const word of foldWords(lower)) {
      const exact = OCR_LANGUAGES.filter((language) => WORDS[language].has(word));
      for (const language of exact) add(language, 1);
      if (exact.length > 0 || word.length < NEAR_WORD_MIN_LENGTH) continue;
      for (const language of OCR_LANGUAGES) {
        if ([...WORDS[language]].some((known) => isOneEditAway(word, known))) {
          add(language, NEAR_WORD_WEIGHT);
        }
      }
    }
  }
  let best: OcrLanguage = 'eng';
  let total = 0;
  for (const language of OCR_LANGUAGES) {
    const score = scores.get(language) ?? 0;
    total += score;
    if (score > (scores.get(best) ?? 0)) best = language;
  }
  return { language: best, score: total === 0 ? 0 : (scores.get(best) ?? 0) / total };
}

function words(...groups: string[]): ReadonlySet<string> {
  return new Set(groups.flatMap((group) => group.split(' ')));
}

/** One letter changed, added, dropped, or two neighbours swapped. */
function isOneEditAway(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || b.length < NEAR_WORD_MIN_LENGTH) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}
