import { zodResolver } from '@hookform/resolvers/zod';
import {
  ITEM_NAME_MAX_LENGTH,
  ITEM_NOTES_MAX_LENGTH,
  ITEM_QUANTITY_MAX,
  ITEM_UNIT_MAX_LENGTH,
  type Category,
  type Item,
  type UpdateItemBody,
} from '@household/contracts';
import { Button, Group, Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../../../lib/forms';
import type { TranslationKey } from '../../../lib/i18n';
import { parseOptionalMoneyInput } from '../../../lib/money';
import { priceInputValue } from '../format';
import { inAisleOrder } from '../grouping';

const key = (translationKey: TranslationKey) => translationKey;
const NO_CATEGORY = '';

const editItemSchema = (currency: string, locale: string) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, key('validation.itemNameRequired'))
      .max(ITEM_NAME_MAX_LENGTH, key('lists.edit.nameTooLong')),
    quantity: z.string().refine((value) => {
      const quantity = Number(value.replace(',', '.'));
      return quantity > 0 && quantity <= ITEM_QUANTITY_MAX;
    }, key('lists.edit.quantityInvalid')),
    unit: z.string().trim().max(ITEM_UNIT_MAX_LENGTH, key('lists.edit.unitTooLong')),
    price: z
      .string()
      .refine(
        (value) => !Number.isNaN(parseOptionalMoneyInput(value, currency, locale)),
        key('lists.item.priceInvalid'),
      ),
    category: z.string(),
    notes: z.string().max(ITEM_NOTES_MAX_LENGTH, key('lists.edit.notesTooLong')),
  });
type EditItemValues = z.infer<ReturnType<typeof editItemSchema>>;

/** spec §2: edit an item's name, quantity, unit, price, category and notes. */
export function EditItemModal({
  item,
  categories,
  currency,
  onSave,
  onClose,
}: {
  item: Item | null;
  categories: Category[];
  currency: string;
  onSave: (item: Item, changes: Omit<UpdateItemBody, 'version'>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('lists.edit.title')}>
      {item && (
        <EditItemForm
          key={item.id}
          item={item}
          categories={categories}
          currency={currency}
          onSave={(changes) => onSave(item, changes)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function EditItemForm({
  item,
  categories,
  currency,
  onSave,
  onClose,
}: {
  item: Item;
  categories: Category[];
  currency: string;
  onSave: (changes: Omit<UpdateItemBody, 'version'>) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditItemValues>({
    resolver: zodResolver(editItemSchema(currency, i18n.language)),
    defaultValues: {
      name: item.name,
      quantity: String(item.quantity),
      unit: item.unit ?? '',
      price: priceInputValue(item.price_cents, currency),
      category: item.category_id === null ? NO_CATEGORY : String(item.category_id),
      notes: item.notes,
    },
  });

  const onSubmit = (values: EditItemValues) => {
    const next = {
      name: values.name.trim(),
      quantity: Number(values.quantity.replace(',', '.')),
      unit: values.unit.trim() || null,
      price_cents: parseOptionalMoneyInput(values.price, currency, i18n.language),
      category_id: values.category === NO_CATEGORY ? null : Number(values.category),
      notes: values.notes,
    };
    // Only what changed is sent: a field someone else changed meanwhile stays theirs.
    const changes = Object.fromEntries(
      Object.entries(next).filter(([field, value]) => item[field as keyof typeof next] !== value),
    ) as Omit<UpdateItemBody, 'version'>;
    if (Object.keys(changes).length > 0) onSave(changes);
    onClose();
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('lists.fields.itemName')}
          required
          data-autofocus
          error={errorText(t, errors.name)}
          {...register('name')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('lists.fields.quantity')}
            inputMode="decimal"
            error={errorText(t, errors.quantity)}
            {...register('quantity')}
          />
          <TextInput
            label={t('lists.fields.unit')}
            error={errorText(t, errors.unit)}
            {...register('unit')}
          />
        </Group>
        <TextInput
          label={t('lists.fields.price')}
          inputMode="decimal"
          rightSection={currency}
          rightSectionWidth={48}
          error={errorText(t, errors.price)}
          {...register('price')}
        />
        <NativeSelect
          label={t('lists.fields.category')}
          data={[
            { value: NO_CATEGORY, label: t('lists.noCategory') },
            // In the shop's aisle order, as the list groups its items.
            ...inAisleOrder(categories).map((category) => ({
              value: String(category.id),
              label: category.name,
            })),
            // A category not (yet) loaded keeps its place, so saving does not clear it.
            ...(item.category_id !== null && !categories.some(({ id }) => id === item.category_id)
              ? [{ value: String(item.category_id), label: `#${item.category_id}` }]
              : []),
          ]}
          {...register('category')}
        />
        <Textarea
          label={t('lists.fields.notes')}
          autosize
          minRows={2}
          error={errorText(t, errors.notes)}
          {...register('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit">{t('app.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
