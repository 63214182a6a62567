import type { Category, Item } from '@household/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { isValidElement, memo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_RULES, personName } from '../../../lib/people';
import { quantityText } from '../format';
import { isDraftId } from '../api/items-cache';
import { FOCUS_RING } from '../../../components/plain/Button';
import { IconButton } from './RowButtons';
import { PriceEditor } from './PriceEditor';
import classes from './rows.module.css';

export interface ItemActions {
  onToggle: (item: Item) => void;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
  onPrice: (item: Item, priceCents: number | null) => void;
}

interface ItemRowProps {
  item: Item;
  currency: string;
  category: Category | null;
  readOnly: boolean;
  /** The drag handle, when the list is in manual order. */
  handle?: ReactNode;
  /** Kept the same object from render to render by the list (ItemsView). */
  actions: ItemActions;
}

/**
 * One item: done state, name, quantity and unit, price, who added and who ticked it. Drawn again
 * only when what it shows changed: the list around it renders several times while it loads and
 * measures its rows, and a row is the costliest thing on the page.
 */
export const ItemRow = memo(ItemRowContent, (before, after) =>
  (Object.keys(after) as (keyof ItemRowProps)[]).every((key) =>
    key === 'handle' ? sameElement(before.handle, after.handle) : before[key] === after[key],
  ),
);

/** The same element type, key and props: the handle is made afresh on every render of its row. */
function sameElement(before: ReactNode, after: ReactNode): boolean {
  if (before === after) return true;
  if (!isValidElement(before) || !isValidElement(after)) return false;
  if (before.type !== after.type || before.key !== after.key) return false;
  const [a, b] = [before.props as Record<string, unknown>, after.props as Record<string, unknown>];
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}

function ItemRowContent({ item, currency, category, readOnly, handle, actions }: ItemRowProps) {
  const { t, i18n } = useTranslation();
  const showQuantity = item.quantity !== 1 || item.unit !== null;
  return (
    <div
      className={classes.row}
      data-testid="item-row"
      data-done={item.done ? 'true' : 'false'}
      data-pending={isDraftId(item.id) ? 'true' : undefined}
    >
      {handle}
      <span className={classes.checkbox}>
        <input
          type="checkbox"
          className={`${classes.checkboxInput} ${FOCUS_RING}`}
          checked={item.done}
          disabled={readOnly}
          aria-label={item.name}
          onChange={() => actions.onToggle(item)}
        />
        <CheckIcon />
      </span>
      <div className={classes.body}>
        <div className={classes.line}>
          {showQuantity && (
            <span className={`${classes.small} ${classes.quantity}`}>
              {quantityText(item.quantity, item.unit, i18n.language)}
            </span>
          )}
          <span className={`${classes.small} ${classes.name} ${item.done ? classes.done : ''}`}>
            {item.name}
          </span>
          {category && <CategoryBadge category={category} />}
        </div>
        {item.notes && <p className={`${classes.tiny} ${classes.notes}`}>{item.notes}</p>}
        <p className={classes.tiny}>
          {item.done && item.completed_by !== null
            ? t('lists.item.completedBy', {
                name: personName(t, item.completed_by, NAME_RULES.lists),
              })
            : item.added_by !== null
              ? t('lists.item.addedBy', { name: personName(t, item.added_by, NAME_RULES.lists) })
              : null}
        </p>
      </div>
      <PriceEditor
        name={item.name}
        priceCents={item.price_cents}
        currency={currency}
        disabled={readOnly}
        onSave={(priceCents) => actions.onPrice(item, priceCents)}
      />
      <IconButton
        tint="gray"
        disabled={readOnly}
        aria-label={t('lists.item.edit', { name: item.name })}
        onClick={() => actions.onEdit(item)}
      >
        <IconPencil size={16} aria-hidden />
      </IconButton>
      <IconButton
        tint="red"
        disabled={readOnly}
        aria-label={t('lists.item.delete', { name: item.name })}
        onClick={() => actions.onDelete(item)}
      >
        <IconTrash size={16} aria-hidden />
      </IconButton>
    </div>
  );
}

/** Mantine's check mark, drawn over the box when it is checked. */
function CheckIcon() {
  return (
    <svg className={classes.checkboxIcon} viewBox="0 0 10 7" aria-hidden>
      <path
        d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * The category's name in its colour's light tint, as Mantine's light Badge: a colour of the theme
 * brings its own (contrast-checked) variables; any other is the text on a tenth of itself.
 */
function CategoryBadge({ category }: { category: Category }) {
  const color = category.color;
  const tint = `color-mix(in srgb, ${color} 10%, transparent)`;
  const style = (
    color.startsWith('#')
      ? { '--badge-color': color, '--badge-bg': tint }
      : {
          '--badge-color': `var(--mantine-color-${color}-light-color, ${color})`,
          '--badge-bg': `var(--mantine-color-${color}-light, ${tint})`,
        }
  ) as CSSProperties;
  return (
    <span className={classes.badge} style={style}>
      {category.name}
    </span>
  );
}
