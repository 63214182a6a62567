import { Group, NativeSelect, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ReportView = 'chart' | 'table';

/** The report's total, and how it is shown: in which currency (when several), charts or tables. */
export function ReportToolbar({
  total,
  currency,
  currencies,
  onCurrency,
  view,
  onView,
}: {
  /** The total, formatted. */
  total: string;
  currency: string;
  currencies: string[];
  onCurrency: (currency: string) => void;
  view: ReportView;
  onView: (view: ReportView) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
      <Text fw={600} data-testid="report-total">
        {t('money.report.total', { amount: total })}
      </Text>
      <Group gap="xs" align="flex-end">
        {currencies.length > 1 && (
          <NativeSelect
            size="xs"
            label={t('money.report.currency')}
            data={currencies}
            value={currency}
            onChange={(event) => onCurrency(event.currentTarget.value)}
          />
        )}
        <SegmentedControl
          size="xs"
          aria-label={t('money.report.view')}
          value={view}
          onChange={(value) => onView(value as ReportView)}
          data={[
            { value: 'chart', label: t('money.report.viewChart') },
            { value: 'table', label: t('money.report.viewTable') },
          ]}
        />
      </Group>
    </Group>
  );
}
