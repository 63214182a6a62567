import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';

/**
 * What the ticked items add up to and, for a receipt, the total printed on it, with a warning
 * when the two differ.
 */
export function ReviewTotals({
  selectedCents,
  printedCents,
  isAnyPriced,
  currency,
}: {
  selectedCents: number;
  /** Null when no total was read from the photos. */
  printedCents: number | null;
  /** Whether a ticked item has a price. */
  isAnyPriced: boolean;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const format = (cents: number) => money(cents, currency, i18n.language);

  return (
    <>
      {(isAnyPriced || printedCents !== null) && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" data-testid="selected-total">
            {t('lists.photoImport.review.selectedTotal', { amount: format(selectedCents) })}
          </Text>
          {printedCents !== null && (
            <Text size="sm" data-testid="printed-total">
              {t('lists.photoImport.review.printedTotal', { amount: format(printedCents) })}
            </Text>
          )}
        </Group>
      )}
      {printedCents !== null && printedCents !== selectedCents && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('lists.photoImport.review.mismatchTitle')}
        >
          {t('lists.photoImport.review.mismatch', {
            selected: format(selectedCents),
            printed: format(printedCents),
          })}
        </Alert>
      )}
    </>
  );
}
