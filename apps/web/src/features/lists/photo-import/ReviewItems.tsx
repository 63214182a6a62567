import {
  ITEM_NAME_MAX_LENGTH,
  OCR_APPLY_MAX_ITEMS,
  type ListDetail,
  type MergeItemsResult,
  type OcrResult,
} from '@household/contracts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { money } from '../../../lib/money';
import { useMergeItems } from '../api/ocr';
import { mergeFailureReason } from './reasons';
import {
  checkRow,
  isOnList,
  mergeItems,
  namesOnList,
  printedTotal,
  reviewRows,
  rowPriceCents,
  selectedTotal,
  type ReviewRow,
  type RowErrors,
} from './review';

// A badge does not wrap by default; this one is a sentence and must fit a phone's column.
const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2, textAlign: 'start' },
  label: { whiteSpace: 'normal', overflow: 'visible', textTransform: 'none' },
} as const;

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
  const merge = useMergeItems(list.id);
  const [rows, setRows] = useState<ReviewRow[]>(() => reviewRows(results, currency));
  const [submitted, setSubmitted] = useState(false);
  // undefined: nothing failed; null: failed for no reason worth showing.
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const names = useMemo(() => namesOnList(list.items), [list.items]);

  const format = (cents: number) => money(cents, currency, i18n.language);
  const printed = printedTotal(results);
  const selected = selectedTotal(rows, currency, i18n.language);
  const count = rows.filter((row) => row.included).length;
  const priced = rows.some(
    (row) => row.included && rowPriceCents(row, currency, i18n.language) !== null,
  );
  const errors: RowErrors[] = rows.map((row) =>
    row.included ? checkRow(row, currency, i18n.language) : {},
  );
  const allTicked = count === rows.length;

  const change = (key: string, changes: Partial<ReviewRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));
  const tickAll = () =>
    setRows((current) => current.map((row) => ({ ...row, included: !allTicked })));
  const shown = (error: RowErrors[keyof RowErrors]) =>
    submitted && error ? t(error, { max: ITEM_NAME_MAX_LENGTH }) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (count === 0 || count > OCR_APPLY_MAX_ITEMS) return;
    if (errors.some((rowErrors) => Object.keys(rowErrors).length > 0)) return;
    setFailure(undefined);
    merge.mutate(
      { items: mergeItems(rows, currency, i18n.language) },
      {
        onSuccess: (result) => {
          notify({
            type: 'success',
            message: t('lists.photoImport.added', {
              count: result.added.length + result.updated.length,
            }),
          });
          onMerged(result);
        },
        onError: (error) => {
          notify({ type: 'error', message: t('lists.photoImport.addFailed') });
          setFailure(mergeFailureReason(t, error));
        },
      },
    );
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
                  onChange={tickAll}
                />
              </Table.Th>
              <Table.Th>{t('lists.photoImport.review.item')}</Table.Th>
              <Table.Th w={76}>{t('lists.fields.quantity')}</Table.Th>
              <Table.Th w={92}>{t('lists.fields.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key} data-testid="review-row">
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Checkbox
                    mt={6}
                    aria-label={t('lists.photoImport.review.include', { name: row.label })}
                    checked={row.included}
                    onChange={(event) => change(row.key, { included: event.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Stack gap={4}>
                    <TextInput
                      size="xs"
                      aria-label={t('lists.photoImport.review.nameOf', { name: row.label })}
                      value={row.name}
                      autoComplete="off"
                      onChange={(event) => change(row.key, { name: event.currentTarget.value })}
                      error={shown(errors[index]!.name)}
                    />
                    {isOnList(row, names) && (
                      <Badge
                        variant="light"
                        color="blue"
                        size="sm"
                        radius="sm"
                        styles={WRAPPING_BADGE}
                      >
                        {t('lists.photoImport.review.onList')}
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('lists.photoImport.review.line', { line: row.line })}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <TextInput
                    size="xs"
                    inputMode="decimal"
                    aria-label={t('lists.photoImport.review.quantityOf', { name: row.label })}
                    value={row.quantity}
                    autoComplete="off"
                    rightSection={
                      row.unit ? (
                        <Text size="xs" aria-hidden>
                          {row.unit}
                        </Text>
                      ) : undefined
                    }
                    onChange={(event) => change(row.key, { quantity: event.currentTarget.value })}
                    error={shown(errors[index]!.quantity)}
                  />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <TextInput
                    size="xs"
                    inputMode="decimal"
                    aria-label={t('lists.photoImport.review.priceOf', { name: row.label })}
                    value={row.price}
                    autoComplete="off"
                    onChange={(event) => change(row.key, { price: event.currentTarget.value })}
                    error={shown(errors[index]!.price)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>

        {(priced || printed !== null) && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" data-testid="selected-total">
              {t('lists.photoImport.review.selectedTotal', { amount: format(selected) })}
            </Text>
            {printed !== null && (
              <Text size="sm" data-testid="printed-total">
                {t('lists.photoImport.review.printedTotal', { amount: format(printed) })}
              </Text>
            )}
          </Group>
        )}
        {printed !== null && printed !== selected && (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('lists.photoImport.review.mismatchTitle')}
          >
            {t('lists.photoImport.review.mismatch', {
              selected: format(selected),
              printed: format(printed),
            })}
          </Alert>
        )}

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
        {failure !== undefined && (
          <Alert color="red" title={t('lists.photoImport.addFailed')}>
            {failure}
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
