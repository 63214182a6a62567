import type { Category, Item, WalkingOrder } from '@household/contracts';
import { itemKey, sortByWalkingOrder } from '@household/domain';

export interface ItemGroup {
  /** Null: the items without a (known) category, shown as "No Category" (spec §3). */
  category: Category | null;
  items: Item[];
}

/** The shop's aisle order: by position, ties by id (the order the server shows them in). */
export function byAisleOrder(a: Category, b: Category): number {
  return a.position - b.position || a.id - b.id;
}

/** The categories in aisle order (a sorted copy). */
export function inAisleOrder(categories: readonly Category[]): Category[] {
  return categories.slice().sort(byAisleOrder);
}

/**
 * Items by category in the shop's aisle order (the categories' positions); uncategorised items
 * come last. Categories without items are left out.
 */
export function groupByCategory(
  items: readonly Item[],
  categories: readonly Category[],
): ItemGroup[] {
  const ordered = inAisleOrder(categories);
  const byId = new Map<number, Item[]>(ordered.map((category) => [category.id, []]));
  const uncategorised: Item[] = [];
  for (const item of items) {
    const bucket = item.category_id === null ? undefined : byId.get(item.category_id);
    (bucket ?? uncategorised).push(item);
  }
  const groups: ItemGroup[] = ordered
    .map((category) => ({ category, items: byId.get(category.id) ?? [] }))
    .filter((group) => group.items.length > 0);
  if (uncategorised.length > 0) groups.push({ category: null, items: uncategorised });
  return groups;
}

/** The walking order's categories as keys: "No Category" (null) is one of them. */
const categoryKey = (id: number | null) => (id === null ? 'none' : String(id));

/**
 * Issue 25: supermarket mode in the order the household walks the shop. Categories in the learned
 * order, those never ticked there after them in aisle order (then "No Category" if not learned);
 * within a category, items in the learned order, the others after them in the list's own order.
 */
export function groupByWalkingOrder(
  items: readonly Item[],
  categories: readonly Category[],
  order: WalkingOrder,
): ItemGroup[] {
  const groups = sortByWalkingOrder(
    groupByCategory(items, categories),
    order.category_ids.map(categoryKey),
    (group) => categoryKey(group.category?.id ?? null),
  );
  return groups.map((group) => ({
    category: group.category,
    items: sortByWalkingOrder(group.items, order.item_keys, (item) => itemKey(item.name)),
  }));
}
