import { LOCALES, type Locale } from '@household/contracts/limits';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import plain from '../../../components/plain/plain.module.css';
import { currentLocale, isLocale, LANGUAGE_NAMES } from '../../../lib/i18n';
import { useChangeLanguage } from '../api/mutations';

/**
 * spec §1: the language selector offers en, de, nl, fr and es. A native select drawn like
 * Mantine's without it: the auth layout shows it before Mantine is loaded.
 */
export function LanguageSelect({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const id = useId();
  const changeLanguage = useChangeLanguage();
  // A language's texts may still be on their way: the select shows the choice at once, not the
  // language on screen, so it never jumps back while a keyboard user moves through it.
  const [chosen, setChosen] = useState<Locale | null>(null);
  return (
    <div className={plain.field}>
      <label className={plain.label} htmlFor={id}>
        {t('settings.language')}
      </label>
      <select
        id={id}
        className={size === 'xs' ? `${plain.input} ${plain.small}` : plain.input}
        value={chosen ?? currentLocale()}
        onChange={(event) => {
          const locale = event.currentTarget.value;
          if (!isLocale(locale)) return;
          setChosen(locale);
          void changeLanguage(locale).finally(() =>
            setChosen((latest) => (latest === locale ? null : latest)),
          );
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
