import { ITEM_NAME_MAX_LENGTH } from '@household/contracts';
import {
  Badge,
  Button,
  Checkbox,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconFocus2 } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewRow, RowErrors } from './review';

// A badge does not wrap by default; this one is a sentence and must fit a phone's column.
const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2, textAlign: 'start' },
  label: { whiteSpace: 'normal', overflow: 'visible', textTransform: 'none' },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The recognised name with its doubtful words underlined (dotted) and followed by a hidden
 * "unsure": not told by colour alone.
 */
function DoubtfulName({ name, words }: { name: string; words: string[] }) {
  const { t } = useTranslation();
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'u');
  const parts = name.split(pattern);
  return (
    <Text
      component="span"
      size="xs"
      display="block"
      data-testid="doubtful-name"
      style={{ overflowWrap: 'anywhere' }}
    >
      {t('lists.photoImport.review.doubtful')}{' '}
      {parts.map((part, index) =>
        words.includes(part) ? (
          <span key={index} style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}>
            {part}
            <VisuallyHidden> ({t('lists.photoImport.review.unsure')})</VisuallyHidden>
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/** One found item of the review table: ticked or not, its name, quantity and price editable. */
export function ReviewItemRow({
  row,
  errors,
  showErrors,
  isOnList,
  isShown,
  onShow,
  onChange,
}: {
  row: ReviewRow;
  errors: RowErrors;
  /** Errors show once the person tried to submit. */
  showErrors: boolean;
  /** An item of that name is on the list already: the merge updates it. */
  isOnList: boolean;
  /** Its line is the one drawn on the photo. */
  isShown: boolean;
  /**
   * Draws its line on the photo; `reveal` also opens a phone's folded photo (the button does, a
   * tap on a field does not: the field would jump away). Absent when there is no photo or no
   * place for the line.
   */
  onShow?: (reveal: boolean) => void;
  onChange: (changes: Partial<ReviewRow>) => void;
}) {
  const { t } = useTranslation();
  // Marked while the name is the one read: once edited, the doubtful words may be gone.
  const isDoubtful = row.doubtfulWords.length > 0 && row.name === row.label;
  // Under the name, and what a screen reader reads with it (the input's description).
  const description =
    isDoubtful || row.suggestion ? (
      <>
        {isDoubtful && <DoubtfulName name={row.name} words={row.doubtfulWords} />}
        {row.suggestion && (
          <Text component="span" size="xs" display="block">
            {t('lists.photoImport.review.suggestionHint')}
          </Text>
        )}
      </>
    ) : undefined;
  const shown = (error: RowErrors[keyof RowErrors]) =>
    showErrors && error ? t(error, { max: ITEM_NAME_MAX_LENGTH }) : undefined;

  return (
    <Table.Tr
      data-testid="review-row"
      data-shown={isShown || undefined}
      // Choosing a row by tap or by keyboard shows its line on the photo; the button says so.
      onClick={onShow && (() => onShow(false))}
      onFocus={onShow && (() => onShow(false))}
      // A bar at the row's start, not a background: the dimmed texts keep their contrast.
      style={
        isShown ? { boxShadow: 'inset 4px 0 0 var(--mantine-primary-color-filled)' } : undefined
      }
    >
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
            description={description}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            onChange={(event) => onChange({ name: event.currentTarget.value })}
            error={shown(errors.name)}
          />
          {row.suggestion && (
            <Badge variant="light" color="yellow" size="sm" radius="sm" styles={WRAPPING_BADGE}>
              {t('lists.photoImport.review.suggestion')}
            </Badge>
          )}
          {isOnList && (
            <Badge variant="light" color="blue" size="sm" radius="sm" styles={WRAPPING_BADGE}>
              {t('lists.photoImport.review.onList')}
            </Badge>
          )}
          {row.line !== '' && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('lists.photoImport.review.line', { line: row.line })}
            </Text>
          )}
          {onShow && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconFocus2 size={14} aria-hidden />}
              aria-label={t('lists.photoImport.review.showOnPhotoOf', { name: row.label })}
              aria-pressed={isShown}
              onClick={() => onShow(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('lists.photoImport.review.showOnPhoto')}
            </Button>
          )}
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
