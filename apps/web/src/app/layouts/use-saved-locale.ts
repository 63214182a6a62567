import type { User } from '@household/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * On load a signed-in user's saved locale wins over this device's choice. It runs only when the
 * saved locale changes, so a language picked a moment ago is not undone while it is being saved.
 */
export function useSavedLocale(user: User | null) {
  const { i18n } = useTranslation();
  const savedLocale = user?.locale;
  useEffect(() => {
    if (savedLocale && savedLocale !== i18n.language) void i18n.changeLanguage(savedLocale);
  }, [savedLocale, i18n]);
}
