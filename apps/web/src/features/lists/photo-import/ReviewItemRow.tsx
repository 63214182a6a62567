import { ITEM_NAME_MAX_LENGTH } from '@household/contracts';
import { Badge, Checkbox, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewRow, RowErrors } from './review';

// A badge does not wrap by default; this one is a sentence and must fit a phone's column.
const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2, textAlign: 'start' },
  label: { whiteSpace: 'normal', overflow: 'visible', textTransform: 'none' },
} as const;

/** One found item of the review table: ticked or not, its name, quantity and price editable. */
export function ReviewItemRow({
  row,
  errors,
  showErrors,
  isOnList,
  onChange,
}: {
  row: ReviewRow;
  errors: RowErrors;
  /** Errors show once the person tried to submit. */
  showErrors: boolean;
  /** An item of that name is on the list already: the merge updates it. */
  isOnList: boolean;
  onChange: (changes: Partial<ReviewRow>) => void;
}) {
  const { t } = useTranslation();
  const shown = (error: RowErrors[keyof RowErrors]) =>
    showErrors && error ? t(error, { max: ITEM_NAME_MAX_LENGTH }) : undefined;

  return (
    <Table.Tr data-testid="review-row">
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Checkbox
          mt={6}
          aria-label={t('lists.photoImport.review.include', { name: row.label })}
          checked={row.included}
          onChange={(event) => onChange({ included: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Stack gap={4}>
          <TextInput
            size="xs"
            aria-label={t('lists.photoImport.review.nameOf', { name: row.label })}
            value={row.name}
            autoComplete="off"
            onChange={(event) => onChange({ name: event.currentTarget.value })}
            error={shown(errors.name)}
          />
          {isOnList && (
            <Badge variant="light" color="blue" size="sm" radius="sm" styles={WRAPPING_BADGE}>
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
          onChange={(event) => onChange({ quantity: event.currentTarget.value })}
          error={shown(errors.quantity)}
        />
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <TextInput
          size="xs"
          inputMode="decimal"
          aria-label={t('lists.photoImport.review.priceOf', { name: row.label })}
          value={row.price}
          autoComplete="off"
          onChange={(event) => onChange({ price: event.currentTarget.value })}
          error={shown(errors.price)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
