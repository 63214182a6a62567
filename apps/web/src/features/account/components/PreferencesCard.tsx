import { Alert, NativeSelect, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { settingsQueryOptions, useChangeCurrency } from '../api';
import { LanguageSelect } from './LanguageSelect';
import { SettingsCard } from './SettingsCard';
import { ThemeSelect } from './ThemeSelect';

/** Common ISO 4217 codes; groups default to EUR (ARCHITECTURE "Money"). */
const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'CAD',
  'AUD',
  'JPY',
];

/** Each preference applies and is saved as soon as it is chosen. */
export function PreferencesCard() {
  const { t, i18n } = useTranslation();
  const settings = useQuery(settingsQueryOptions(useApi()));
  const changeCurrency = useChangeCurrency();
  const currencyNames = new Intl.DisplayNames(i18n.language, { type: 'currency' });
  const currency = settings.data?.preferences.currency;
  // A currency saved elsewhere stays selectable even when it is not a common one.
  const codes = currency && !CURRENCIES.includes(currency) ? [currency, ...CURRENCIES] : CURRENCIES;

  return (
    <SettingsCard title={t('account.preferences.title')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ThemeSelect />
        <NativeSelect
          label={t('settings.currency')}
          data={codes.map((code) => ({
            value: code,
            label: `${code} – ${currencyNames.of(code)}`,
          }))}
          value={currency ?? ''}
          disabled={!settings.data}
          onChange={(event) => changeCurrency(event.currentTarget.value)}
        />
        <LanguageSelect />
      </SimpleGrid>
      {settings.isError && <Alert color="red">{t('account.settingsLoadFailed')}</Alert>}
    </SettingsCard>
  );
}
