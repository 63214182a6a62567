import type { OcrTotalCheck } from '@household/contracts';
import { Alert, Button, Group, List as BulletList, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money';
import { checkTotal, type OfferedFix, type ReviewRow } from './review';

/** What the check says of a fix: proposed or applied, of a price misread or not read at all. */
const fixText = (fix: OfferedFix) => {
  if (fix.fromCents === null) {
    return fix.pending
      ? 'lists.photoImport.check.fixUnread'
      : 'lists.photoImport.check.fixedUnread';
  }
  return fix.pending ? 'lists.photoImport.check.fix' : 'lists.photoImport.check.fixed';
};

/**
 * A receipt's printed total against its ticked items, as they are edited (issue 28 §2): the price
 * fixes the items arrived with, each said with what was read offered back, those undone or
 * edited away offered again, one button each, and what is still off offered as an adjustment
 * line. Advice only: adding the items is never held back by a mismatch.
 */
export function ReviewTotalCheck({
  check,
  jobId,
  fileName,
  rows,
  currency,
  onFix,
  onAdjust,
}: {
  check: OcrTotalCheck;
  jobId: number;
  /** Named when several photos are reviewed together. */
  fileName: string | null;
  rows: readonly ReviewRow[];
  currency: string;
  onFix: (row: ReviewRow, cents: number) => void;
  onAdjust: (cents: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = (cents: number) => money(cents, currency, i18n.language);
  const state = checkTotal(check, jobId, rows, currency, i18n.language);
  const matches = state.differenceCents === 0;

  return (
    <Alert
      color={matches ? 'green' : 'yellow'}
      icon={
        matches ? (
          <IconCircleCheck size={18} aria-hidden />
        ) : (
          <IconAlertTriangle size={18} aria-hidden />
        )
      }
      title={
        fileName
          ? t('lists.photoImport.check.titleOf', { name: fileName })
          : t('lists.photoImport.check.title')
      }
      data-testid="total-check"
    >
      <Stack gap="xs">
        <Text size="sm" data-testid="total-check-summary" aria-live="polite">
          {t('lists.photoImport.check.summary', {
            total: format(state.totalCents),
            items: format(state.itemsCents),
            difference: format(state.differenceCents),
          })}
        </Text>
        {state.fixes.length > 0 && (
          <BulletList size="sm" spacing={6}>
            {state.fixes.map((fix) => {
              // A fix the items arrived with is said, and what was read is offered back; a price
              // not read has nothing to give back.
              const offered = fix.pending ? fix.toCents : fix.fromCents;
              return (
                <BulletList.Item key={fix.row.key}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {t(fixText(fix), {
                        item: fix.row.label,
                        to: format(fix.toCents),
                        from: fix.fromCents === null ? '' : format(fix.fromCents),
                      })}
                    </Text>
                    {offered !== null && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        aria-label={t('lists.photoImport.check.useFor', {
                          amount: format(offered),
                          item: fix.row.label,
                        })}
                        onClick={() => onFix(fix.row, offered)}
                      >
                        {t('lists.photoImport.check.use', { amount: format(offered) })}
                      </Button>
                    )}
                  </Group>
                </BulletList.Item>
              );
            })}
          </BulletList>
        )}
        {state.adjustmentCents > 0 && !state.hasAdjustment && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              {t('lists.photoImport.check.missing', { amount: format(state.adjustmentCents) })}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onAdjust(state.adjustmentCents)}
            >
              {t('lists.photoImport.check.addAdjustment')}
            </Button>
          </Group>
        )}
        {/* An item's price cannot be negative: too much is only said, for the rows to be checked. */}
        {state.adjustmentCents < 0 && (
          <Text size="sm">
            {t('lists.photoImport.check.exceeds', { amount: format(-state.adjustmentCents) })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
