import { LOCALES, type Locale } from '@household/contracts/limits';
import { NativeSelect, type MantineSize } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, isLocale, LANGUAGE_NAMES } from '../../../lib/i18n';
import { useChangeLanguage } from '../api/mutations';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }));

/** spec §1: the language selector offers en, de, nl, fr and es. */
export function LanguageSelect({ size }: { size?: MantineSize }) {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  // A language's texts may still be on their way: the select shows the choice at once, not the
  // language on screen, so it never jumps back while a keyboard user moves through it.
  const [chosen, setChosen] = useState<Locale | null>(null);
  return (
    <NativeSelect
      size={size}
      label={t('settings.language')}
      data={OPTIONS}
      value={chosen ?? currentLocale()}
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (!isLocale(locale)) return;
        setChosen(locale);
        void changeLanguage(locale).finally(() =>
          setChosen((latest) => (latest === locale ? null : latest)),
        );
      }}
    />
  );
}
