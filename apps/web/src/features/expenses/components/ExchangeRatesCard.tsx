import { Alert, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { allCurrencyOptions } from '../../../lib/currencies';
import { formatCalendarDate } from '../../../lib/format';
import { notify } from '../../../lib/toasts';
import { useAddExchangeRate } from '../api/mutations';
import { exchangeRatesQueryOptions } from '../api/queries';
import { moneyErrorKey } from '../money-errors';
import { MoneySection, PlainList } from './MoneySection';
import { readRate, rateProblem } from './paid-in';

/**
 * A group's exchange rates (docs/expenses.md "Currencies"): the latest of each currency, and a
 * form to set one. Nothing is fetched from outside: the household says what its money was worth.
 */
export function ExchangeRatesCard({ groupId, currency }: { groupId: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const api = useApi();
  const rates = useQuery(exchangeRatesQueryOptions(api, groupId));
  const home = rates.data?.currency ?? currency;
  return (
    <MoneySection title={t('money.rates.title')}>
      <Text size="sm" c="dimmed">
        {t('money.rates.text', { currency: home })}
      </Text>
      {rates.isError ? (
        <Alert color="red" role="alert">
          {t('money.rates.loadFailed')}
        </Alert>
      ) : rates.data && rates.data.latest.length === 0 ? (
        <Text size="sm">{t('money.rates.none')}</Text>
      ) : (
        <PlainList label={t('money.rates.list')}>
          {rates.data?.latest.map((rate) => (
            <Group component="li" key={rate.id} gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm" fw={500}>
                {t('money.rates.line', { currency: rate.currency, rate: rate.rate, home })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('money.rates.since', { date: formatCalendarDate(rate.date, locale) })}
              </Text>
            </Group>
          ))}
        </PlainList>
      )}
      <AddRateForm groupId={groupId} home={home} />
    </MoneySection>
  );
}

function AddRateForm({ groupId, home }: { groupId: number; home: string }) {
  const { t, i18n } = useTranslation();
  const add = useAddExchangeRate(groupId);
  const options = useMemo(
    () => allCurrencyOptions(i18n.language).filter((option) => option.value !== home),
    [i18n.language, home],
  );
  const [currency, setCurrency] = useState('');
  const [rate, setRate] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const rateError = rateProblem(rate);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const value = readRate(rate);
    if (!currency || value === null) return;
    add.mutate(
      { currency, rate: value },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('money.rates.added') });
          setRate('');
          setSubmitted(false);
        },
        onError: (error) =>
          notify({ type: 'error', message: t(moneyErrorKey(error, 'money.rates.failed')) }),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('money.rates.currency')}
          required
          miw={140}
          style={{ flex: 1 }}
          data={[{ value: '', label: t('money.rates.currencyRequired') }, ...options]}
          value={currency}
          onChange={(event) => setCurrency(event.currentTarget.value)}
          error={submitted && !currency ? t('money.rates.currencyRequired') : undefined}
        />
        <TextInput
          label={t('money.rates.rate', { home })}
          required
          inputMode="decimal"
          miw={140}
          style={{ flex: 1 }}
          value={rate}
          onChange={(event) => setRate(event.currentTarget.value)}
          error={submitted && rateError ? t(rateError.key, rateError.values) : undefined}
        />
        <Button type="submit" variant="default" loading={add.isPending}>
          {t('money.rates.add')}
        </Button>
      </Group>
    </form>
  );
}
