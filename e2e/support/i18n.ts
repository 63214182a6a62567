import fs from 'node:fs';
import path from 'node:path';
import type enMessages from '../../apps/web/src/locales/en.json';

/**
 * The web app's own locale files, so tests find controls by the texts a person reads, in any of
 * the five languages (spec §1).
 */
type Messages = typeof enMessages;

export const LOCALES = ['en', 'de', 'nl', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

const localesDir = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'locales');

function load(locale: Locale): Messages {
  return JSON.parse(fs.readFileSync(path.join(localesDir, `${locale}.json`), 'utf8')) as Messages;
}

export const messages = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<
  Locale,
  Messages
>;

export const en = messages.en;
