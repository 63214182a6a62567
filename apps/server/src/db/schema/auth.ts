import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './types';
import { users } from './users';

/**
 * Refresh tokens: only a hash is stored. Each login starts a family (a session); every refresh
 * uses one token up and adds the next to the family. A used token seen again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index().on(t.userId)],
);

/**
 * A text enum without a database constraint: a new purpose needs no migration. `change_email`
 * carries the new address until it is confirmed; `undo_email_change` the old one it restores.
 */
export const ACTION_TOKEN_PURPOSES = [
  'reset_password',
  'verify_email',
  'unlock_login',
  'change_email',
  'undo_email_change',
] as const;
export type ActionTokenPurpose = (typeof ACTION_TOKEN_PURPOSES)[number];

/**
 * Single-use tokens sent by mail: password reset, email verification, the unlock link that
 * makes a browser a known device of the account (modules/auth/known-devices.ts), and the two
 * links of an email change (modules/auth/email-change.ts).
 */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACTION_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The address a verification token was sent to: verifying proves only that one. For an
     * email change: the pending new address, or (undo link) the old address to restore.
     */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.purpose)],
);

/**
 * Failed logins, and mails sent to an account, for the per-account limits. Kept in the database,
 * not in memory, so the limits hold across several server processes. A failed login records the
 * client address and, from a known device, the device (docs/decisions.md "Failed logins").
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', {
      enum: [
        'login_failure',
        'reset_mail',
        'verify_mail',
        'unlock_mail',
        'guessing_notice',
        'register_taken',
      ],
    }).notNull(),
    email: text('email').notNull(),
    /** The client address of a failed login, or of the request a mail was sent for. */
    source: text('source'),
    /** The known device a failed login came from; null for an unknown browser. */
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.kind, t.email, t.createdAt)],
);
