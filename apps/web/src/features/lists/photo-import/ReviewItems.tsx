import {
  OCR_APPLY_MAX_ITEMS,
  type ListDetail,
  type MergeItemsResult,
  type OcrResult,
} from '@household/contracts';
import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnList, mergeItems, namesOnList, printedTotal, selectedTotal } from './review';
import { ReviewItemRow } from './ReviewItemRow';
import { ReviewTotals } from './ReviewTotals';
import { useMergeReviewed } from './use-merge-reviewed';
import { useReviewRows } from './use-review-rows';

/**
 * The items read from the photos, each ticked, its name, quantity and price editable. An item
 * whose name is already on the list says that it updates that item (the merge's rule). For a
 * receipt, the printed total stands beside what the ticked items add up to.
 */
export function ReviewItems({
  list,
  results,
  onMerged,
  onCancel,
}: {
  list: ListDetail;
  results: OcrResult[];
  onMerged: (result: MergeItemsResult) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const currency = list.currency;
  const merge = useMergeReviewed(list.id, onMerged);
  const review = useReviewRows(results, currency);
  const { rows, count, errors, allTicked } = review;
  const [submitted, setSubmitted] = useState(false);
  const names = useMemo(() => namesOnList(list.items), [list.items]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (count === 0 || count > OCR_APPLY_MAX_ITEMS) return;
    if (errors.some((rowErrors) => Object.keys(rowErrors).length > 0)) return;
    merge.submit(mergeItems(rows, currency, i18n.language));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Table
          aria-label={t('lists.photoImport.review.caption')}
          horizontalSpacing={6}
          verticalSpacing={6}
          layout="fixed"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={34}>
                <Checkbox
                  aria-label={t('lists.photoImport.review.selectAll')}
                  checked={allTicked}
                  indeterminate={count > 0 && !allTicked}
                  onChange={review.tickAll}
                />
              </Table.Th>
              <Table.Th>{t('lists.photoImport.review.item')}</Table.Th>
              <Table.Th w={76}>{t('lists.fields.quantity')}</Table.Th>
              <Table.Th w={92}>{t('lists.fields.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <ReviewItemRow
                key={row.key}
                row={row}
                errors={errors[index]!}
                showErrors={submitted}
                isOnList={isOnList(row, names)}
                onChange={(changes) => review.change(row.key, changes)}
              />
            ))}
          </Table.Tbody>
        </Table>

        <ReviewTotals
          selectedCents={selectedTotal(rows, currency, i18n.language)}
          printedCents={printedTotal(results)}
          isAnyPriced={review.isAnyPriced}
          currency={currency}
        />

        {submitted && count === 0 && (
          <Text size="sm" c="red" role="alert">
            {t('lists.photoImport.review.noneSelected')}
          </Text>
        )}
        {submitted && count > OCR_APPLY_MAX_ITEMS && (
          <Text size="sm" c="red" role="alert">
            {t('lists.photoImport.review.tooMany', { max: OCR_APPLY_MAX_ITEMS })}
          </Text>
        )}
        {merge.failure !== undefined && (
          <Alert color="red" title={t('lists.photoImport.addFailed')}>
            {merge.failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={merge.isPending}>
            {t('lists.photoImport.review.submit', { count })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
