import { DEFAULT_LOCALE, LOCALES, type Locale } from '@household/contracts';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';

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

export const resources = {
  en: { translation: en },
  de: { translation: de },
  nl: { translation: nl },
  fr: { translation: fr },
  es: { translation: es },
} as const;

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
  return i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
}
