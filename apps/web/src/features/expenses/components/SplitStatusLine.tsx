import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent, type SplitDraft, type SplitPreview } from '../split-draft';
import { say } from './expense-form-values';

/**
 * The one line that says, as the person types, what is wrong with the split: what is left to
 * assign or too much, the split's own problem (once submitted, or with nobody chosen), or that the
 * preview waits for an amount. Announced politely to assistive technology.
 */
export function SplitStatusLine({
  draft,
  preview,
  amountKnown,
  variable = false,
  format,
  submitted,
}: {
  draft: SplitDraft;
  preview: SplitPreview;
  amountKnown: boolean;
  /** A variable recurring bill: the shares are worked out when each amount is filled in. */
  variable?: boolean;
  format: (cents: number) => string;
  submitted: boolean;
}) {
  const { t, i18n } = useTranslation();
  const difference = preview.difference;
  const remainder =
    difference === null || difference === 0
      ? null
      : draft.type === 'percentage'
        ? formatPercent(Math.abs(difference), i18n.language)
        : format(Math.abs(difference));
  return (
    <div role="status" aria-live="polite" data-testid="split-status-line">
      {remainder !== null && difference !== null ? (
        <Text size="sm" c="red" fw={600}>
          {difference > 0
            ? t('expenses.form.leftToAssign', { amount: remainder })
            : t('expenses.form.tooMuch', { amount: remainder })}
        </Text>
      ) : preview.error && (submitted || draft.participants.length === 0) ? (
        <Text size="sm" c="red">
          {say(t, preview.error)}
        </Text>
      ) : !amountKnown ? (
        <Text size="sm" c="dimmed">
          {variable
            ? t('expenses.repeat.variablePreview')
            : t('expenses.form.enterAmountForPreview')}
        </Text>
      ) : null}
    </div>
  );
}
