import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The report's date range, both ends optional; an end before the start is refused. */
export function ReportRangeFields({
  from,
  to,
  onFrom,
  onTo,
  rangeValid,
}: {
  from: string;
  to: string;
  onFrom: (date: string) => void;
  onTo: (date: string) => void;
  rangeValid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          type="date"
          label={t('money.report.from')}
          value={from}
          max={to || undefined}
          onChange={(event) => onFrom(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('money.report.to')}
          value={to}
          min={from || undefined}
          error={rangeValid ? undefined : t('money.report.rangeInvalid')}
          onChange={(event) => onTo(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('money.report.rangeHint')}
      </Text>
    </>
  );
}
