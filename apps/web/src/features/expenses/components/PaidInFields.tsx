import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allCurrencyOptions } from '../../../lib/currencies';
import { money } from '../../../lib/money';
import type { Values } from './expense-form-values';

/**
 * What an expense is paid in (docs/expenses.md "Currencies"): any currency; for a group expense
 * in another currency than the group's, the rate (proposed from the group's latest) and what the
 * amount makes in the group's currency, live.
 */
export function PaidInFields({
  values,
  set,
  show,
  home,
  foreign,
  rateText,
  homeCents,
}: {
  values: Values;
  set: (field: keyof Values) => (value: string) => void;
  show: (field: keyof Values) => string | undefined;
  /** The group's (or my) currency. */
  home: string;
  /** A group expense in another currency than the group's: it needs a rate. */
  foreign: boolean;
  /** The rate as shown: typed, or proposed. */
  rateText: string;
  /** The amount in the home currency at that rate, when it reads. */
  homeCents: number | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const options = useMemo(() => allCurrencyOptions(locale), [locale]);
  const currency = values.currency || home;
  return (
    <>
      <Group grow align="flex-start" wrap="wrap">
        {/* A native select, like the group's time zone: typing a code jumps to it, on a phone too. */}
        <NativeSelect
          label={t('expenses.form.currency')}
          miw={140}
          data={options}
          value={currency}
          onChange={(event) => set('currency')(event.currentTarget.value)}
          error={show('currency')}
        />
        {foreign && (
          <TextInput
            label={t('expenses.form.rate')}
            description={t('expenses.form.rateHint', { home, currency })}
            inputMode="decimal"
            required
            miw={140}
            value={rateText}
            onChange={(event) => set('rate')(event.currentTarget.value)}
            error={show('rate')}
          />
        )}
      </Group>
      {foreign && homeCents !== null && (
        <Text size="sm" aria-live="polite" data-testid="converted-amount">
          {t('expenses.form.converted', { amount: money(homeCents, home, locale), rate: rateText })}
        </Text>
      )}
    </>
  );
}
