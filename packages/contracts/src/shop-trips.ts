import { z } from './zod';
import { ZItemName } from './lists';

/**
 * Issue 25, docs/shop-trips.md: what a household's trips teach. Ticks in supermarket mode, per
 * shop, give a walking order; every tick gives what is bought together and how often.
 */

/** GET /lists/{id}/walking-order: the order learned for the list's shop (its group's, or its owner's). */
export const ZWalkingOrder = z.object({
  /** The list's shop; '' for any shop. */
  shop: z.string(),
  /** How many trips the order was learned from; 0: nothing learned yet, the manual order holds. */
  trips: z.number().int(),
  /** Category ids in walking order; null stands for "No Category". */
  category_ids: z.array(z.number().int().nullable()),
  /** Item keys (lower-cased, trimmed names: domain `itemKey`) in walking order. */
  item_keys: z.array(z.string()),
});
export type WalkingOrder = z.infer<typeof ZWalkingOrder>;

/** GET /lists/{id}/suggestions?item=...: `item` is the item just added, if any. */
export const ZSuggestionsQuery = z.object({ item: ZItemName.optional() });
export type SuggestionsQuery = z.input<typeof ZSuggestionsQuery>;

export const SUGGESTION_REASONS = ['bought_with', 'due_again'] as const;

export const ZSuggestion = z.object({
  /** The name as last bought. */
  name: z.string(),
  /** The category it was last bought under, if it still exists. */
  category_id: z.number().int().nullable(),
  /** bought_with: often in the same trip as `item`; due_again: bought every ~n days, and due. */
  reason: z.enum(SUGGESTION_REASONS),
  /** bought_with: trips with both; due_again: trips with this item. */
  times: z.number().int(),
  /** due_again: the usual days between purchases; null for bought_with. */
  every_days: z.number().int().nullable(),
  /** When it was last bought (ISO date-time). */
  last_bought_at: z.string(),
});
export type Suggestion = z.infer<typeof ZSuggestion>;

/** Never an item already on the list; bought_with first, then due_again, at most 8 in all. */
export const ZSuggestions = z.object({ suggestions: z.array(ZSuggestion) });
export type Suggestions = z.infer<typeof ZSuggestions>;
