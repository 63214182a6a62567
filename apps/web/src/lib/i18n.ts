import { DEFAULT_LOCALE, LOCALES, type Locale } from '@household/contracts/limits';
import i18next, { type BackendModule, type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en.json';
import signInTexts from 'virtual:english-texts/sign-in';

/** The chosen language survives a reload; a signed-in user's saved locale wins on load. */
export const LOCALE_STORAGE_KEY = 'locale';

/** The product name is a brand: the same in every language, as in the page title. */
export const APP_NAME = 'Household';

/** Each language is offered in its own name, the same in every locale. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  nl: 'Nederlands',
  fr: 'Français',
  es: 'Español',
};

type Translation = typeof en;

/**
 * English is the fallback for every missing text: the part the sign-in pages use is in the app's
 * first chunk, the rest comes with the first page behind them (`loadListTexts`, `loadPageTexts`,
 * locales/english-parts.ts). The other four
 * languages are a chunk each, fetched the first time one is shown, so a page carries one language.
 */
const translations: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Translation }>> = {
  de: () => import('../locales/de.json'),
  nl: () => import('../locales/nl.json'),
  fr: () => import('../locales/fr.json'),
  es: () => import('../locales/es.json'),
};

/** Reads a language's texts for i18next, which waits for them before it switches language. */
const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLocale(language) || language === 'en') return callback(null, { ...signInTexts });
    translations[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

const partsLoaded: Partial<Record<'lists' | 'pages', Promise<void>>> = {};

function loadPart(
  part: 'lists' | 'pages',
  load: () => Promise<{ default: Record<string, unknown> }>,
): Promise<void> {
  partsLoaded[part] ??= load().then(
    (module) => void i18next.addResourceBundle('en', 'translation', module.default, true, true),
    (error: unknown) => {
      // A failed fetch (offline, a redeploy) may be tried again by the next navigation.
      delete partsLoaded[part];
      throw error;
    },
  );
  return partsLoaded[part];
}

/**
 * The English texts of the main layout, the list page and supermarket mode (the lists and the
 * notifications), added once; those routes wait for them before they draw (app/router.tsx).
 */
export function loadListTexts(): Promise<void> {
  return loadPart('lists', () => import('virtual:english-texts/lists'));
}

/**
 * Every English text beyond sign-in, added once; the pages drawn with Mantine, and a part of a
 * page that brings Mantine, wait for them before they draw, as the first render waits for a
 * language.
 */
export function loadPageTexts(): Promise<void> {
  return Promise.all([
    loadListTexts(),
    loadPart('pages', () => import('virtual:english-texts/pages')),
  ]).then(() => undefined);
}

export type TranslationKey = ParseKeys;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function storedLocale(): Locale {
  const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The language the app currently shows, as one of the five locales (spec §9). */
export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

/** spec §1/§9: five locales, default and fallback en. */
export function initI18n(lng: Locale = storedLocale()) {
  i18next.on('languageChanged', (language) => {
    if (!isLocale(language)) return;
    window.localStorage.setItem(LOCALE_STORAGE_KEY, language);
    document.documentElement.lang = language;
  });
  // Resolves once the chosen language's texts are in, so the first render never flashes English.
  return i18next
    .use(initReactI18next)
    .use(localeChunks)
    .init({
      // A copy: adding the pages part (`loadPageTexts`) extends the object i18next holds.
      resources: { en: { translation: { ...signInTexts } } },
      // Languages without bundled texts come from the backend above.
      partialBundledLanguages: true,
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
}
