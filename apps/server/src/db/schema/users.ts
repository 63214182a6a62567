import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './types';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name'),
    /** Stored lower-cased; null for a guest who has not claimed an account. */
    email: text('email'),
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    locale: text('locale').notNull().default('en'),
    timezone: text('timezone').notNull().default('UTC'),
    theme: text('theme').notNull().default('auto'),
    currency: text('currency').notNull().default('EUR'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    listUpdates: boolean('list_updates').notNull().default(true),
    groupActivities: boolean('group_activities').notNull().default(true),
    avatarKey: text('avatar_key'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);
export type UserRow = typeof users.$inferSelect;

/** Resized avatars live in the database so that every server process can serve them. */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull().unique(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
