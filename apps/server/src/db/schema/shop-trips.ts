import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { categories, lists } from './lists';
import { users } from './users';

/**
 * One tick of an item, the raw material of the learned walking order and of "usually bought with"
 * (docs/shop-trips.md). Kept per scope: a group list's ticks are the group's, a personal list's
 * its owner's; exactly one of the two is set (a check constraint says so). The list, category
 * and person may go; the tick keeps what was bought, where and when.
 */
export const shopTicks = pgTable(
  'shop_ticks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    listId: integer('list_id').references(() => lists.id, { onDelete: 'set null' }),
    /** The list's shop at the time of the tick; '' for any shop. */
    shop: text('shop').notNull(),
    /** domain `itemKey` of the name: what trips are compared by. */
    itemKey: text('item_key').notNull(),
    /** The name as it was ticked, for suggestions. */
    itemName: text('item_name').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Ticked in supermarket mode: only these teach the walking order. */
    inShop: boolean('in_shop').notNull(),
    tickedBy: integer('ticked_by').references(() => users.id, { onDelete: 'set null' }),
    tickedAt: timestamp('ticked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One scope's ticks by shop and time: the walking order, suggestions and the retention sweep.
    index('shop_ticks_group_shop_time_idx').on(t.groupId, t.shop, t.tickedAt),
    index('shop_ticks_user_shop_time_idx').on(t.userId, t.shop, t.tickedAt),
    // Undoing a tick finds the item's latest tick on its list.
    index('shop_ticks_list_key_idx').on(t.listId, t.itemKey),
    check('shop_ticks_one_scope', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
  ],
);
export type ShopTickRow = typeof shopTicks.$inferSelect;
