import { z } from './zod';
import { ZId } from './common';
import { ZPersonRef } from './groups';
import { ZIdParam, zLine, zMultiline } from './text';
import {
  CATEGORY_NAME_MAX_LENGTH,
  IMPORT_MAX_CHARS,
  ITEM_NAME_MAX_LENGTH,
  ITEM_NOTES_MAX_LENGTH,
  ITEM_PRICE_MAX_CENTS,
  ITEM_QUANTITY_MAX,
  ITEM_UNIT_MAX_LENGTH,
  LIST_DESCRIPTION_MAX_LENGTH,
  LIST_NAME_MAX_LENGTH,
  LIST_STATUSES_QUERY_MAX_IDS,
  SHOP_NAME_MAX_LENGTH,
} from './limits';

/** spec §4: the list lifecycle (complete, reopen, archive, unarchive); see docs/lists.md. */
export const LIST_STATUSES = ['active', 'completed', 'archived'] as const;
export const ZListStatusName = z.enum(LIST_STATUSES);
export type ListStatusName = z.infer<typeof ZListStatusName>;

const ZVersion = z.number().int().min(1);

export const ZListName = zLine().trim().min(1, 'List name is required').max(LIST_NAME_MAX_LENGTH);
export const ZListDescription = zMultiline().trim().max(LIST_DESCRIPTION_MAX_LENGTH);
/** The shop a list is for; empty: any shop. Supermarket mode learns a walking order per shop. */
export const ZShopName = zLine().trim().max(SHOP_NAME_MAX_LENGTH);

/** A list as the lists page shows it: with its counts and total. */
export const ZList = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Null for a personal list (visible to its owner only). */
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Who created the list; for a personal list, its owner. Null: "Deleted user". */
  created_by: ZPersonRef.nullable(),
  status: ZListStatusName,
  /** The shop the list is for; '' for any shop (docs/shop-trips.md). */
  shop: z.string(),
  /** The group's currency, or the owner's preferred currency for a personal list. */
  currency: z.string(),
  item_count: z.number().int(),
  done_count: z.number().int(),
  /** Sum of the items' prices, in minor units. */
  total_cents: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type List = z.infer<typeof ZList>;

export const ZItemName = zLine()
  .trim()
  .min(1, 'Please enter an item name')
  .max(ITEM_NAME_MAX_LENGTH);
export const ZQuantity = z.number().positive().max(ITEM_QUANTITY_MAX);
export const ZUnit = zLine().trim().max(ITEM_UNIT_MAX_LENGTH);
export const ZPriceCents = z.number().int().min(0).max(ITEM_PRICE_MAX_CENTS);

/** spec §3 Item. */
export const ZItem = z.object({
  id: z.number().int(),
  list_id: z.number().int(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  /** The price paid for the whole line, in minor units; null when not known yet. */
  price_cents: z.number().int().nullable(),
  /** Null: shown as "No Category" (spec §3). */
  category_id: z.number().int().nullable(),
  notes: z.string(),
  position: z.number().int(),
  added_by: ZPersonRef.nullable(),
  done: z.boolean(),
  completed_by: ZPersonRef.nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Item = z.infer<typeof ZItem>;

/** GET /lists/{id}: the list with all its items, in position order. */
export const ZListDetail = ZList.extend({ items: z.array(ZItem) });
export type ListDetail = z.infer<typeof ZListDetail>;

export const ZListsQuery = z.object({
  /** Only this group's lists; without it, my personal lists and those of all my groups. */
  group_id: ZIdParam.optional(),
});

export const ZCreateListBody = z.object({
  name: ZListName,
  description: ZListDescription.optional(),
  shop: ZShopName.optional(),
  /** Null or absent: a personal list. */
  group_id: ZId.nullish(),
});
export type CreateListBody = z.input<typeof ZCreateListBody>;

export const ZUpdateListBody = z.object({
  version: ZVersion,
  name: ZListName.optional(),
  description: ZListDescription.optional(),
  shop: ZShopName.optional(),
});
export type UpdateListBody = z.input<typeof ZUpdateListBody>;

export const ZShareListBody = z.object({ group_id: ZId });
export type ShareListBody = z.input<typeof ZShareListBody>;

export const ZDuplicateListBody = z.object({ name: ZListName.optional() });
export type DuplicateListBody = z.input<typeof ZDuplicateListBody>;

export const ZCreateItemBody = z.object({
  name: ZItemName,
  quantity: ZQuantity.optional(),
  unit: ZUnit.nullish(),
  price_cents: ZPriceCents.nullish(),
  category_id: ZId.nullish(),
  notes: zMultiline().max(ITEM_NOTES_MAX_LENGTH).optional(),
});
export type CreateItemBody = z.input<typeof ZCreateItemBody>;

/**
 * Every edit names the `version` it was based on; a stale one answers 409 `conflict` with the
 * current item in the problem's `current` field. `done` toggles; the server records who and when.
 */
export const ZUpdateItemBody = z.object({
  version: ZVersion,
  name: ZItemName.optional(),
  quantity: ZQuantity.optional(),
  unit: ZUnit.nullish(),
  price_cents: ZPriceCents.nullish(),
  category_id: ZId.nullish(),
  notes: zMultiline().max(ITEM_NOTES_MAX_LENGTH).optional(),
  done: z.boolean().optional(),
  /**
   * With `done: true`: ticked in supermarket mode. The tick joins the shop's trips, from which
   * the walking order is learned (docs/shop-trips.md). Ignored otherwise.
   */
  in_shop: z.boolean().optional(),
});
export type UpdateItemBody = z.input<typeof ZUpdateItemBody>;

/** PUT /lists/{id}/items/order: every item id of the list, in the new order. */
export const ZReorderItemsBody = z.object({ item_ids: z.array(ZId).max(10_000) });
export type ReorderItemsBody = z.input<typeof ZReorderItemsBody>;

/** GET /lists/statuses?ids=1&ids=2: a cheap catch-up after a reconnect. */
export const ZListStatusesQuery = z.object({
  ids: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
    z.array(ZIdParam).min(1).max(LIST_STATUSES_QUERY_MAX_IDS),
  ),
});
export const ZListStatus = z.object({
  id: z.number().int(),
  status: ZListStatusName,
  version: z.number().int(),
  item_count: z.number().int(),
  done_count: z.number().int(),
  updated_at: z.string(),
});
export type ListStatus = z.infer<typeof ZListStatus>;

/**
 * Item categories are the aisles of a shop; expense categories are what money goes on (groceries,
 * rent, ...). They are kept apart: one is sorted by the walk through the shop, the other is read in
 * reports (docs/expenses.md "Categories").
 */
export const CATEGORY_KINDS = ['item', 'expense'] as const;
export const ZCategoryKind = z.enum(CATEGORY_KINDS);
export type CategoryKind = z.infer<typeof ZCategoryKind>;

export const ZCategory = z.object({
  id: z.number().int(),
  kind: ZCategoryKind,
  name: z.string(),
  /** A Mantine colour name or `#rrggbb`. */
  color: z.string(),
  position: z.number().int(),
  group_id: z.number().int().nullable(),
});
export type Category = z.infer<typeof ZCategory>;

export const ZCategoryColor = z
  .string()
  .regex(/^(#[0-9a-fA-F]{6}|[a-z]{3,10})$/, 'A colour name or #rrggbb');
export const ZCategoriesQuery = z.object({
  group_id: ZIdParam.optional(),
  kind: ZCategoryKind.default('item'),
});
export const ZCreateCategoryBody = z.object({
  kind: ZCategoryKind.default('item'),
  name: zLine().trim().min(1, 'Category name is required').max(CATEGORY_NAME_MAX_LENGTH),
  color: ZCategoryColor.optional(),
  /** Null or absent: one of my own categories (for my personal lists). */
  group_id: ZId.nullish(),
});
export type CreateCategoryBody = z.input<typeof ZCreateCategoryBody>;
export const ZUpdateCategoryBody = z.object({
  name: zLine().trim().min(1, 'Category name is required').max(CATEGORY_NAME_MAX_LENGTH).optional(),
  color: ZCategoryColor.optional(),
  /** The aisle order: categories are sorted by it, items grouped in that order. */
  position: z.number().int().min(0).optional(),
});
export type UpdateCategoryBody = z.input<typeof ZUpdateCategoryBody>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const ZExportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
export const IMPORT_FORMATS = ['csv', 'json', 'text'] as const;

/** POST /lists/import: a new list from an export or from plain text (one item per line). */
export const ZImportListBody = z.object({
  format: z.enum(IMPORT_FORMATS),
  content: zMultiline().max(IMPORT_MAX_CHARS),
  /** The new list's name; a JSON export brings its own, else "Imported list". */
  name: ZListName.optional(),
  group_id: ZId.nullish(),
});
export type ImportListBody = z.input<typeof ZImportListBody>;

export const ZImportResult = z.object({
  list: ZListDetail,
  imported: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
});
export type ImportResult = z.infer<typeof ZImportResult>;

/** The JSON export: enough to rebuild the list (categories by name). */
export const ZListExport = z.object({
  format: z.literal('household-list'),
  version: z.literal(1),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  items: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      unit: z.string().nullable(),
      price_cents: z.number().int().nullable(),
      category: z.string().nullable(),
      notes: z.string(),
      done: z.boolean(),
    }),
  ),
});
export type ListExport = z.infer<typeof ZListExport>;

/** spec §3 Cost summary, `/costs/lists/{id}/cost-summary`; docs/lists.md has the rules. */
export const ZCostSummary = z.object({
  list_id: z.number().int(),
  currency: z.string(),
  total_cents: z.number().int(),
  /** The equal share before remainder cents: floor(total / participants). */
  equal_share_cents: z.number().int(),
  participants: z.array(
    z.object({
      /** Null: items added by an account since deleted ("Deleted user"). */
      user: ZPersonRef.nullable(),
      /** Sum of the prices of the items this person added. */
      items_added_cents: z.number().int(),
      /** This person's share of the total; shares add up exactly to the total. */
      amount_due_cents: z.number().int(),
      /** items_added - amount_due: positive means others owe them. Balances add up to zero. */
      balance_cents: z.number().int(),
    }),
  ),
});
export type CostSummary = z.infer<typeof ZCostSummary>;
