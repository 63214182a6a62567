import { Alert, NativeSelect, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { currencyOptions } from '../../../lib/currencies';
import { settingsQueryOptions } from '../api/queries';
import { useChangeCurrency } from '../api/mutations';
import { LanguageSelect } from './LanguageSelect';
import { SettingsCard } from '../../../components/SettingsCard';
import { ThemeSelect } from './ThemeSelect';

/** Each preference applies and is saved as soon as it is chosen. */
export function PreferencesCard() {
  const { t, i18n } = useTranslation();
  const settings = useQuery(settingsQueryOptions(useApi()));
  const changeCurrency = useChangeCurrency();
  const currency = settings.data?.preferences.currency;

  return (
    <SettingsCard title={t('account.preferences.title')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ThemeSelect />
        <NativeSelect
          label={t('settings.currency')}
          data={currencyOptions(i18n.language, currency)}
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
