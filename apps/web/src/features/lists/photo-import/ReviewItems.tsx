import {
  OCR_APPLY_MAX_ITEMS,
  type ListDetail,
  type MergeItemsResult,
  type OcrResult,
} from '@household/contracts';
import { Alert, Box, Button, Checkbox, Flex, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { priceInputValue } from '../format';
import {
  adjustmentRow,
  isOnList,
  mergeItems,
  namesOnList,
  printedTotal,
  selectedTotal,
} from './review';
import { ReviewItemRow } from './ReviewItemRow';
import { ReviewPhoto } from './ReviewPhoto';
import { ReviewTotalCheck } from './ReviewTotalCheck';
import { ReviewTotals } from './ReviewTotals';
import { useMergeReviewed } from './use-merge-reviewed';
import { useReviewRows } from './use-review-rows';

/**
 * The items read from the photos, ticked but for the suggestions, name, quantity and price
 * editable. An item whose name is already on the list says that it updates that item (the
 * merge's rule). The photo stands beside the items, the chosen item's line outlined on it. For a
 * receipt, its total is checked against the ticked items, with fixes to apply; never a block.
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
  const withPhoto = results.filter((result) => result.image_available);
  const [shownKey, setShownKey] = useState<string | null>(null);
  const [photoRevealed, setPhotoRevealed] = useState(false);
  const shownRow = rows.find((row) => row.key === shownKey);
  const photoJob =
    withPhoto.find((result) => result.job.id === shownRow?.jobId)?.job ?? withPhoto[0]?.job;
  const checked = results.filter((result) => result.total_check !== null);
  const detected = [
    ...new Set(
      results.filter((result) => result.job.language_detected).map((result) => result.job.language),
    ),
  ];

  const show = (key: string, reveal: boolean) => {
    setShownKey(key);
    if (reveal) setPhotoRevealed(true);
  };

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
        {detected.length > 0 && (
          <Text size="sm" data-testid="language-detected">
            {t('lists.photoImport.review.languageDetected', {
              language: detected.map((code) => t(`lists.photoImport.languages.${code}`)).join(', '),
            })}
          </Text>
        )}
        <Flex gap="md" direction={{ base: 'column', sm: 'row' }} align="flex-start">
          {photoJob && (
            <Box w={{ base: '100%', sm: '40%' }} style={{ flexShrink: 0 }}>
              <ReviewPhoto
                job={photoJob}
                box={shownRow?.jobId === photoJob.id ? shownRow.box : null}
                revealed={photoRevealed}
                onRevealedChange={setPhotoRevealed}
              />
            </Box>
          )}
          <Box w="100%" miw={0}>
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
                    isShown={row.key === shownRow?.key && shownRow.box !== null}
                    onShow={
                      row.box && withPhoto.some((result) => result.job.id === row.jobId)
                        ? (reveal) => show(row.key, reveal)
                        : undefined
                    }
                    onChange={(changes) => review.change(row.key, changes)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Flex>

        {checked.map((result) => (
          <ReviewTotalCheck
            key={result.job.id}
            check={result.total_check!}
            jobId={result.job.id}
            fileName={results.length > 1 ? result.job.file_name : null}
            rows={rows}
            currency={currency}
            onFix={(row, cents) =>
              review.change(row.key, { price: priceInputValue(cents, currency) })
            }
            onAdjust={(cents) =>
              review.add(
                adjustmentRow(
                  result.job.id,
                  t('lists.photoImport.check.adjustmentName'),
                  cents,
                  currency,
                ),
              )
            }
          />
        ))}
        <ReviewTotals
          selectedCents={selectedTotal(rows, currency, i18n.language)}
          printedCents={checked.length > 0 ? null : printedTotal(results)}
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
