/*
 * Rows for every table of the earlier schemas, written by hand against those schemas (not today's),
 * with NULLs, JSON, bytes and time stamps among them. Ids come from the identity columns, so a new
 * database numbers them 1, 2, ... in the order written, and the sequences stay where the app expects.
 */

/** The schema of 2026-11-23 (migrations 0000–0003). */
export const SEED_2026_11_23 = [
  `INSERT INTO users (name, email, password_hash, is_guest, is_verified, locale, timezone, theme,
     currency, email_notifications, list_updates, group_activities, avatar_key, password_changed_at,
     created_at, updated_at) VALUES
   ('Ann', 'ann@example.test', NULL, false, true, 'de', 'Europe/Berlin', 'dark', 'EUR', true, false,
     true, 'avatar-ann', '2026-10-01 08:00:00+00', '2026-09-01 10:00:00+00', '2026-10-01 08:00:00+00'),
   ('Bob', 'Bob@Example.test', NULL, false, false, 'en', 'UTC', 'auto', 'USD', false, true, false,
     NULL, NULL, '2026-09-02 11:30:00.123456+00', '2026-09-02 11:30:00.123456+00'),
   (NULL, NULL, NULL, true, false, 'fr', 'Europe/Paris', 'light', 'EUR', true, true, true, NULL,
     NULL, '2026-09-03 12:00:00+00', '2026-09-03 12:00:00+00'),
   ('Cleo', 'cleo@example.test', NULL, false, true, 'nl', 'Europe/Amsterdam', 'auto', 'EUR', true,
     true, true, NULL, NULL, '2026-09-04 09:00:00+00', '2026-09-04 09:00:00+00')`,
  `INSERT INTO user_avatars (user_id, key, content_type, content, created_at) VALUES
   (1, 'avatar-ann', 'image/webp', '\\x52494646000000005745425000ff'::bytea, '2026-09-01 10:05:00+00')`,
  `INSERT INTO action_tokens (user_id, purpose, token_hash, email, expires_at, used_at) VALUES
   (1, 'verify', 'hash-verify-ann', NULL, '2026-09-02 10:00:00+00', '2026-09-01 10:10:00+00'),
   (2, 'change_email', 'hash-change-bob', 'bob@new.example.test', '2030-01-01 00:00:00+00', NULL)`,
  `INSERT INTO auth_attempts (kind, email, created_at) VALUES
   ('login_failure', 'bob@example.test', '2026-11-20 09:00:00+00')`,
  `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, used_at, revoked_at) VALUES
   (1, 'b4c9a1de-0d4e-4c55-9a55-7f2a1f6f7a01', 'refresh-1', '2030-01-01 00:00:00+00', NULL, NULL),
   (2, 'c0ffee00-1234-4567-89ab-cdef01234567', 'refresh-2', '2026-12-01 00:00:00+00',
     '2026-11-01 00:00:00+00', '2026-11-02 00:00:00+00')`,
  `INSERT INTO groups (name, description, currency, invite_valid_days, created_by, version) VALUES
   ('Flat 3B', 'Kitchen & bathroom — "shared"', 'EUR', 14, 1, 3)`,
  `INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES
   (1, 1, 'owner', '2026-09-05 10:00:00+00'), (1, 2, 'member', '2026-09-06 10:00:00+00')`,
  `INSERT INTO group_activity (group_id, actor_id, subject_user_id, verb, details) VALUES
   (1, 1, 2, 'member_joined', '{"via": "code", "nested": {"n": [1, 2.5, null]}}'::jsonb)`,
  `INSERT INTO group_invitations (group_id, inviter_id, invitee_id, status, responded_at) VALUES
   (1, 1, 4, 'pending', NULL), (1, 1, 2, 'accepted', '2026-09-06 10:00:00+00')`,
  `INSERT INTO group_invite_codes (group_id, code, created_by, expires_at, revoked_at) VALUES
   (1, 'K7P2-QX9M', 1, '2030-01-01 00:00:00+00', NULL)`,
  `INSERT INTO categories (user_id, group_id, name, color, position) VALUES
   (NULL, 1, 'Dairy', 'blue', 0), (1, NULL, 'Ünïcödé 🍞', 'gray', 1)`,
  `INSERT INTO lists (name, description, group_id, owner_id, status, version) VALUES
   ('Weekly shop', '', 1, 1, 'active', 7), ('Ann''s own', 'private', NULL, 1, 'archived', 1)`,
  `INSERT INTO items (list_id, name, quantity, unit, price_cents, category_id, notes, position,
     added_by, done, completed_by, completed_at, version) VALUES
   (1, 'Milk', 2, 'l', 119, 1, '', 0, 1, false, NULL, NULL, 1),
   (1, 'Bread', 0.5, NULL, NULL, 2, 'wholegrain', 1, 2, true, 2, '2026-11-22 18:00:00+00', 4),
   (2, 'Stamps', 1e-3, 'kg', 0, NULL, '', 0, NULL, false, NULL, NULL, 1)`,
  `INSERT INTO idempotency_keys (user_id, key, method, path, status, body, claim) VALUES
   (1, 'k-1', 'POST', '/api/v1/lists/1/items', 201, '{"id": 1}'::jsonb, NULL),
   (2, 'k-2', 'PATCH', '/api/v1/items/2', 0, NULL, 'claim-2026-11-23')`,
];

/** Release 0.1.0 (migrations 0000–0009): the tables above and those added up to 0009. */
export const SEED_0_1_0 = [
  ...SEED_2026_11_23,
  `UPDATE groups SET time_zone = 'Europe/Berlin'`,
  `INSERT INTO categories (user_id, group_id, name, color, position, kind) VALUES
   (NULL, 1, 'Utilities', 'green', 2, 'expense')`,
  `INSERT INTO expenses (group_id, created_by, list_id, description, amount_cents, currency, date,
     paid_by, category_id, notes, split_type, split_input, version) VALUES
   (1, 1, 1, 'Groceries', 2501, 'EUR', '2026-11-20', 1, 3, '', 'equal',
     '{"members": [1, 2]}'::jsonb, 2),
   (NULL, 2, NULL, 'Own lunch', 950, 'USD', '2026-11-21', 2, NULL, 'n', 'exact', '{}'::jsonb, 1)`,
  `INSERT INTO expense_splits (expense_id, group_id, payer_id, user_id, amount_cents, settled_cents)
   VALUES (1, 1, 1, 1, 1251, 1251), (1, 1, 1, 2, 1250, 500)`,
  `INSERT INTO group_balances (group_id, user_id, net_cents) VALUES
   (1, 1, 750), (1, 2, -750), (1, 3, 9007199254740993)`,
  `INSERT INTO group_ledgers (group_id, transfers) VALUES
   (1, '[{"from": 2, "to": 1, "amount_cents": 750}]'::jsonb)`,
  `INSERT INTO settlements (group_id, from_id, to_id, amount_cents, date, note, expense_id,
     split_id, created_by) VALUES (1, 2, 1, 500, '2026-11-22', 'cash', 1, 2, 2)`,
  `INSERT INTO chores (group_id, owner_id, created_by, name, description, frequency, interval_days,
     due_date, anchor_date, effort, completed_on, completed_by, due_before_completion) VALUES
   (1, NULL, 1, 'Bins', 'Tuesday night', 'weekly', NULL, '2026-12-01', '2026-11-03', 2,
     '2026-11-24', 2, '2026-11-24'),
   (NULL, 1, 1, 'Water plants', '', 'custom', 3, '2026-11-28', '2026-11-01', 1, NULL, NULL, NULL)`,
  `INSERT INTO chore_assignments (chore_id, group_id, user_id, due_date, completed_on, completed_by,
     created_by, version) VALUES
   (1, 1, 2, '2026-11-24', '2026-11-24', 2, 1, 2), (2, NULL, 1, '2026-11-28', NULL, NULL, 1, 1)`,
  `INSERT INTO chore_calendar_feeds (user_id, token) VALUES (1, 'feed-token-ann')`,
  `INSERT INTO chore_history (group_id, owner_id, chore_id, chore_name, action, actor_id,
     subject_user_id, effort, details) VALUES
   (1, NULL, 1, 'Bins', 'completed', 2, 2, 2, '{"on": "2026-11-24"}'::jsonb),
   (NULL, 1, NULL, 'Old chore', 'deleted', 1, NULL, 0, '{}'::jsonb)`,
  `INSERT INTO chore_time_entries (assignment_id, user_id, started_at, ended_at, minutes, note) VALUES
   (1, 2, '2026-11-24 19:00:00+00', '2026-11-24 19:12:00+00', 12, 'quick'),
   (2, 1, '2026-11-27 08:00:00+00', NULL, NULL, '')`,
  `INSERT INTO ocr_jobs (user_id, list_id, batch_id, language, state, progress, file_name, failure,
     items, lines, total_cents, started_at, finished_at) VALUES
   (1, 1, NULL, 'deu', 'done', 100, 'receipt.jpg', NULL,
     '[{"name": "Milch", "price_cents": 119}]'::jsonb, '[{"text": "MILCH 1,19"}]'::jsonb, 119,
     '2026-11-25 10:00:00+00', '2026-11-25 10:00:09+00'),
   (2, NULL, 2, 'eng', 'failed', 40, 'blurry.png', 'unreadable', NULL, NULL, NULL, NULL, NULL)`,
  `INSERT INTO ocr_images (job_id, content_type, content) VALUES
   (1, 'image/png', '\\x89504e470d0a1a0a0000'::bytea)`,
  `INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES
   ('auth:127.0.0.1', 4, '2026-11-27 12:00:00+00')`,
  `INSERT INTO notification_runs (user_id, kind, subject, day) VALUES
   (1, 'chore_due', 'chore:2', '2026-11-27')`,
  `INSERT INTO notification_settings (user_id, kinds, reminder_time, time_zone, email_digest) VALUES
   (1, '{"chore_due": {"push": false}}'::jsonb, '07:30', 'Europe/Berlin', 'off'),
   (2, '{}'::jsonb, '08:00', NULL, 'daily')`,
  `INSERT INTO notifications (user_id, kind, group_id, subject, data, link, read_at, announced_at,
     deliver_after, delivered_at, emailed_at) VALUES
   (1, 'expense_added', 1, 'expense:1', '{"amount_cents": 2501}'::jsonb, '/groups/1/expenses/1',
     NULL, '2026-11-20 10:00:01+00', '2026-11-20 10:00:00+00', NULL, NULL),
   (2, 'chore_due', NULL, NULL, '{}'::jsonb, '/chores', '2026-11-25 07:00:00+00', NULL,
     '2026-11-24 07:00:00+00', '2026-11-24 07:00:02+00', '2026-11-24 07:05:00+00')`,
  `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label, last_used_at) VALUES
   (1, 'https://push.example.test/s/1', 'BPkey', 'authsecret', 'Phone', '2026-11-26 21:00:00+00')`,
];
