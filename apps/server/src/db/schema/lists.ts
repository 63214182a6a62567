import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { createdAt, updatedAt } from './types';
import { users } from './users';

/** Per-user or per-group categories; `position` is the aisle order of the shop. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Exactly one of user and group is set (a check constraint says so). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** item | expense (contracts CATEGORY_KINDS); each kind has its own order. */
    kind: text('kind').notNull().default('item'),
    name: text('name').notNull(),
    color: text('color').notNull().default('gray'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.groupId),
    check('categories_one_owner', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
  ],
);
export type CategoryRow = typeof categories.$inferSelect;

export const lists = pgTable(
  'lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Null: a personal list of `ownerId`. */
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** The creator; for a personal list, the owner (deleting the account deletes the list). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** active | completed | archived (contracts LIST_STATUSES). */
    status: text('status').notNull().default('active'),
    /** The shop the list is for; '' for any shop. Its walking order is learned per shop. */
    shop: text('shop').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Increases with every change of the list or any of its items (GET /lists/statuses). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index().on(t.groupId), index().on(t.ownerId)],
);
export type ListRow = typeof lists.$inferSelect;

export const items = pgTable(
  'items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    quantity: doublePrecision('quantity').notNull().default(1),
    unit: text('unit'),
    priceCents: integer('price_cents'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    position: integer('position').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    done: boolean('done').notNull().default(false),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('items_list_position_idx').on(t.listId, t.position)],
);
export type ItemRow = typeof items.$inferSelect;

/**
 * Answers of writes sent with an Idempotency-Key, kept 24 hours: a retry (an offline phone
 * replaying its queue) gets the first answer instead of applying the change twice. `claim` names
 * the attempt that holds the key (http/idempotency.ts): a retry that takes over a dead attempt's
 * claim changes it, so the dead attempt can no longer commit.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body'),
    claim: text('claim'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index().on(t.createdAt)],
);
