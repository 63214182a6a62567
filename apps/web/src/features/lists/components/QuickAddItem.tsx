import { ITEM_NAME_MAX_LENGTH, type CreateItemBody } from '@household/contracts';
import { parseItemLine } from '@household/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useAddItem } from '../api/item-mutations';
import { money } from '../../../lib/money';
import { quantityText } from '../format';
import { SuggestionsStrip } from './SuggestionsStrip';

/**
 * One field that understands "2 x Milk 1,99" (docs/lists.md quick-add): it shows what it will add
 * while the person types, and adds it at the end of the list. Below it, once the item is in, what
 * usually goes with it (issue 25).
 */
export function QuickAddItem({ listId, currency }: { listId: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const addItem = useAddItem(listId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The item the suggestions are for: the last one added here, until dismissed. */
  const [suggestFor, setSuggestFor] = useState<string | null>(null);
  const parsed = parseItemLine(text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed === null) {
      setError(t('validation.itemNameRequired'));
      return;
    }
    if (parsed.name.length > ITEM_NAME_MAX_LENGTH) {
      setError(t('lists.item.nameTooLong', { max: ITEM_NAME_MAX_LENGTH }));
      return;
    }
    const body: CreateItemBody = {
      name: parsed.name,
      quantity: parsed.quantity,
      ...(parsed.unit === null ? {} : { unit: parsed.unit }),
      ...(parsed.priceCents === null ? {} : { price_cents: parsed.priceCents }),
    };
    setError(null);
    setText('');
    addItem.mutate(body, {
      onSuccess: (outcome) => {
        if (outcome.status !== 'sent') return;
        notify({ type: 'success', message: t('lists.item.added') });
        // Asked once the item is on the list, so it is not suggested as due again itself.
        setSuggestFor(body.name);
      },
    });
  };

  const preview =
    parsed === null
      ? null
      : [
          parsed.quantity !== 1 || parsed.unit !== null
            ? `${quantityText(parsed.quantity, parsed.unit, i18n.language)} ${parsed.name}`
            : parsed.name,
          parsed.priceCents === null ? null : money(parsed.priceCents, currency, i18n.language),
        ]
          .filter(Boolean)
          .join(' · ');

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('lists.quickAdd.label')}
            placeholder={t('lists.quickAdd.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            description={
              preview ? t('lists.quickAdd.preview', { item: preview }) : t('lists.quickAdd.hint')
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={25} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('lists.quickAdd.submit')}
          </Button>
        </Group>
      </form>
      {suggestFor !== null && (
        <SuggestionsStrip
          key={suggestFor}
          listId={listId}
          item={suggestFor}
          onDismiss={() => setSuggestFor(null)}
        />
      )}
    </>
  );
}
