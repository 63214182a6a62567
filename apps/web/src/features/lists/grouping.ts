import type { Category, Item } from '@household/contracts';

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
