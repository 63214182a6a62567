import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OCR_LANGUAGES } from '@household/contracts';
import type { OcrLanguage } from '@household/contracts';
import { detectOcrLanguage } from './ocr-language';

/**
 * The vocabulary of the server's sample photos (a receipt and a list in each language), as
 * recognition reads it: product lines with prices, receipt words, list titles and entries.
 */
const samples: Record<OcrLanguage, { receipt: string[]; list: string[] }> = {
  eng: {
    receipt: [
      'GREENWAY FOODS',
      'Unit 4, Mill Lane Retail Park',
      'Semi Skimmed Milk 1.25',
      'Wholemeal Bread 1.10',
      'Free Range Eggs 2.29',
      'Greek Yoghurt 1.70',
      'Loose Bananas 0.72',
      'Cheddar Cheese 3.25',
      'Orange Juice 1.80',
      'Washing Up Liquid 1.15',
      'SUBTOTAL £13.30',
      'CASH £20.00',
      'CHANGE £6.70',
      'Thank you for shopping with us',
    ],
    list: ['Shopping list', 'Milk', 'Bread', '6 Eggs', 'Butter', '2 Apples', 'Coffee', 'Pasta'],
  },
  deu: {
    receipt: [
      'Vollmilch 1,19 B',
      'Bio Bananen 1,49 B',
      'Roggenbrot 2,29 B',
      'Joghurt Natur 0,59 B',
      'Mineralwasser 0,29 A',
      'Kartoffeln festkochend 2,49 B',
      'SUMME 8,34',
      'Geg. BAR 10,00',
      'Rückgeld 1,66',
      'MWST% MWST + Netto = Brutto',
    ],
    list: ['Einkaufsliste', 'Milch', 'Brot', '6 Eier', '2x Butter', 'Äpfel', 'Käse', 'Nudeln'],
  },
  nld: {
    receipt: [
      'HALFVOLLE MELK 1,09',
      'VOLKORENBROOD 2,19',
      'JONGE KAAS 4,99',
      'APPELS 2,49',
      'PINDAKAAS 2,79',
      'SINAASAPPELSAP 2,29',
      'TOTAAL 15,84',
      'PINNEN 15,84',
      'BTW 9% 1,31',
      'Bedankt en tot ziens',
    ],
    list: ['Boodschappen', '- Melk', '- Brood', '- 10 Eieren', '- Kaas', '- Hagelslag', '- Koffie'],
  },
  fra: {
    receipt: [
      'Lait demi-écrémé 1,05',
      'Baguette tradition 1,10',
      'Camembert 2,35',
      'Yaourts nature 1,89',
      'Jambon blanc 2,99',
      'Eau minérale 0,89',
      'TOTAL TTC 10,27',
      'CB 10,27',
      'TVA 5,5% 0,54',
      'Merci de votre visite',
    ],
    list: ['Liste de courses', '- Lait', '- Pain', '- 12 Oeufs', '- Fromage', '- Pommes', '- Café'],
  },
  spa: {
    receipt: [
      'LECHE ENTERA 0,89 1,78',
      'PAN DE MOLDE 1,35',
      'HUEVOS FRESCOS 2,39',
      'ACEITE DE OLIVA 8,49',
      'QUESO MANCHEGO 4,75',
      'ARROZ REDONDO 1,25',
      'TOTAL (€) 20,01',
      'EFECTIVO 50,00',
      'CAMBIO 29,99',
      'GRACIAS POR SU COMPRA',
    ],
    list: ['Lista de la compra', 'Leche', 'Pan', '12 Huevos', 'Queso', '2 Tomates', 'Jabón'],
  },
};

/** Recognition's slips: two neighbouring letters swapped, or one read as another. */
const garble = (text: string, seed: number): string =>
  text
    .split(' ')
    .map((word, index) => {
      if (word.length < 5 || (index + seed) % 2 === 1) return word;
      const at = 1 + ((seed + index) % (word.length - 2));
      return seed % 2 === 0
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at) + 'c' + word.slice(at + 1);
    })
    .join(' ');

describe('detectOcrLanguage', () => {
  it.each(OCR_LANGUAGES)('reads the sample receipt and list in %s as written in it', (language) => {
    const { receipt, list } = samples[language];
    for (const texts of [receipt, list]) {
      const detected = detectOcrLanguage(texts);
      expect(detected.language).toBe(language);
      expect(detected.score).toBeGreaterThan(0.4);
      expect(detected.score).toBeLessThanOrEqual(1);
    }
  });

  it('reads text garbled by recognition in its language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OCR_LANGUAGES), fc.nat(1000), (language, seed) => {
        const { receipt, list } = samples[language];
        const texts = [...receipt, ...list].map((text) => garble(text, seed));
        expect(detectOcrLanguage(texts).language).toBe(language);
      }),
    );
  });

  it('tells languages apart by the letters only they write', () => {
    expect(detectOcrLanguage(['Größe']).language).toBe('deu');
    expect(detectOcrLanguage(['Señal']).language).toBe('spa');
    expect(detectOcrLanguage(['Crème brûlée']).language).toBe('fra');
    expect(detectOcrLanguage(['Reëel']).language).toBe('nld');
  });

  it('reads nothing to go on as English with a score of 0', () => {
    expect(detectOcrLanguage([])).toEqual({ language: 'eng', score: 0 });
    expect(detectOcrLanguage(['12,99', '|||', 'XQZ'])).toEqual({ language: 'eng', score: 0 });
  });

  it('gives a score between 0 and 1 for any text, and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 20 }), (texts) => {
        const { language, score } = detectOcrLanguage(texts);
        expect(OCR_LANGUAGES).toContain(language);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }),
    );
  });
});
