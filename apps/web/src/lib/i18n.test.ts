import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import fr from '../locales/fr.json';
import { initI18n, LOCALE_STORAGE_KEY } from './i18n';

describe('languages loaded on demand', () => {
  it('a language has its texts by the time the switch to it resolves', async () => {
    await i18next.changeLanguage('fr');
    expect(i18next.language).toBe('fr');
    expect(i18next.t('errors.crashTitle')).toBe(fr.errors.crashTitle);
    expect(document.documentElement.lang).toBe('fr');
  });

  it('the language saved on this device is in before the first render', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    await initI18n();
    expect(i18next.language).toBe('de');
    expect(i18next.t('errors.crashTitle')).toBe(de.errors.crashTitle);
  });
});
