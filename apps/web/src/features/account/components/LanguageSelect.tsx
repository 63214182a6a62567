import { LOCALES } from '@household/contracts';
import { NativeSelect, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale, isLocale, LANGUAGE_NAMES } from '../../../lib/i18n';
import { useChangeLanguage } from '../api';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }));

/** spec §1: the language selector offers en, de, nl, fr and es. */
export function LanguageSelect({ size }: { size?: MantineSize }) {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  return (
    <NativeSelect
      size={size}
      label={t('settings.language')}
      data={OPTIONS}
      value={currentLocale()}
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (isLocale(locale)) void changeLanguage(locale);
      }}
    />
  );
}
