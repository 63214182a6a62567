import { LOCALES } from '@household/contracts';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import nl from './nl.json';

type Tree = { [key: string]: string | Tree };

const resources = {
  en: { translation: en },
  de: { translation: de },
  nl: { translation: nl },
  fr: { translation: fr },
  es: { translation: es },
} as const;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value, `${path}.`)) entries.set(k, v);
  }
  return entries;
}

const english = flatten(resources.en.translation);
const translated = LOCALES.filter((locale) => locale !== 'en');
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locale files (ARCHITECTURE "i18n")', () => {
  it.each(translated)('%s has exactly the keys of en', (locale) => {
    const keys = [...flatten(resources[locale].translation).keys()].sort();
    expect(keys).toEqual([...english.keys()].sort());
  });

  it.each(LOCALES)('%s has no empty text', (locale) => {
    for (const [key, value] of flatten(resources[locale].translation)) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it.each(translated)('%s keeps the placeholders of every English text', (locale) => {
    for (const [key, value] of flatten(resources[locale].translation)) {
      expect(placeholders(value), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it.each(translated)('%s is a translation, not a copy of the English file', (locale) => {
    const entries = [...flatten(resources[locale].translation)];
    const copies = entries.filter(([key, value]) => value === english.get(key));
    // Words such as "Name" or "Account" can be the same, and so can a pattern of placeholders and
    // marks ("{{original}} · {{home}}"); whole sentences cannot.
    const words = (value: string) => value.replace(/\{\{[^}]+\}\}/g, '');
    expect(copies.length / entries.length).toBeLessThan(0.1);
    expect(
      copies.filter(
        ([, value]) => /\p{L}/u.test(words(value)) && words(value).trim().includes(' '),
      ),
    ).toEqual([]);
  });
});
