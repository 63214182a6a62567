import { ITEM_NAME_MAX_LENGTH, type CreateItemBody } from '@household/contracts';
import { parseItemLine } from '@household/domain';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useAddItem } from '../api/item-mutations';
import { money } from '../../../lib/money';
import { MantineIsland } from '../../../components/MantineIsland';
import { Button } from '../../../components/plain/Button';
import { TextField } from '../../../components/plain/Field';
import { quantityText } from '../format';
import classes from './list-page.module.css';

// Shown only once something was added: its code (and Mantine's) loads then.
const SuggestionsStrip = lazy(() =>
  import('./SuggestionsStrip').then((m) => ({ default: m.SuggestionsStrip })),
);

/**
 * One field that understands "2 x Milk 1,99" (docs/lists.md quick-add): it shows what it will add
 * while the person types, and adds it at the end of the list. Below it, once the item is in, what
 * usually goes with it (issue 25). The field is drawn without Mantine: its hint is often the
 * largest thing on a phone's first screen of the list.
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
      <form onSubmit={onSubmit} noValidate className={classes.quickAdd}>
        <div className={classes.quickAddField}>
          <TextField
            label={t('lists.quickAdd.label')}
            placeholder={t('lists.quickAdd.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error ?? undefined}
            description={
              preview ? t('lists.quickAdd.preview', { item: preview }) : t('lists.quickAdd.hint')
            }
            autoComplete="off"
          />
        </div>
        <div className={classes.quickAddSubmit}>
          <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('lists.quickAdd.submit')}
          </Button>
        </div>
      </form>
      {suggestFor !== null && (
        <Suspense fallback={null}>
          <MantineIsland>
            <SuggestionsStrip
              key={suggestFor}
              listId={listId}
              item={suggestFor}
              onDismiss={() => setSuggestFor(null)}
            />
          </MantineIsland>
        </Suspense>
      )}
    </>
  );
}
