/**
 * The floor: a bare Fastify process doing the least work a route can do for the same answer, on
 * the same database, so that the app's figures can be read as a share of what is possible here.
 *
 *   GET /users/me   the same HS256 check of the bearer token, one SELECT of the user by id, the
 *                   same fields, Fastify's plain JSON.stringify;
 *   GET /lists/:id  the same token check, then one query in which PostgreSQL checks that the
 *                   caller may see the list and builds the whole answer (the list, its items in
 *                   order, the people who added and ticked them) as JSON text that Node passes
 *                   through untouched;
 *   GET /groups/:id/balances  the same token check, then one query: membership, and the group's
 *                   stored net positions (group_balances) as JSON text built by PostgreSQL.
 *   GET /groups/:id/chores  the same token check, then one query: membership, and the group's
 *                   chores with their people and current assignment, as JSON text.
 *   GET /groups/:id/chores/history  the same token check, then one query: the newest 50 history
 *                   entries with their people and the per-member totals, as JSON text.
 *
 * No hooks, no logging, no validation, no security headers. Started by run.ts and
 * balance-summary.ts with PORT, HOST, JWT_SECRET and DATABASE_URL (PostgreSQL) or DATA_DIR (the
 * app's PGlite folder, app stopped).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

async function openDatabase(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return async (text, params) => (await pool.query(text, params)).rows;
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATABASE_URL or DATA_DIR is required');
  const db = new PGlite(path.join(dataDir, 'pgdata'));
  await db.waitReady;
  return async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
}

const secret = new TextEncoder().encode(process.env.JWT_SECRET ?? '');
const query = await openDatabase();
const app = Fastify();

async function userIdOf(header: string | undefined): Promise<number | null> {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return Number(payload.sub);
  } catch {
    return null;
  }
}

const person = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object(
  'id', ${alias}.id, 'name', ${alias}.name,
  'avatar_url', CASE WHEN ${alias}.avatar_key IS NULL THEN NULL
                ELSE '/api/v1/avatars/' || ${alias}.avatar_key || '.webp' END,
  'is_guest', ${alias}.is_guest) END`;

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const LIST_JSON = `
SELECT json_build_object(
  'id', l.id, 'name', l.name, 'description', l.description,
  'group', CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('id', g.id, 'name', g.name) END,
  'created_by', ${person('o')},
  'status', l.status, 'currency', coalesce(g.currency, o.currency, 'EUR'),
  'item_count', (SELECT count(*) FROM items c WHERE c.list_id = l.id),
  'done_count', (SELECT count(*) FILTER (WHERE c.done) FROM items c WHERE c.list_id = l.id),
  'total_cents', (SELECT coalesce(sum(c.price_cents), 0) FROM items c WHERE c.list_id = l.id),
  'created_at', ${iso('l.created_at')}, 'updated_at', ${iso('l.updated_at')},
  'version', l.version,
  'items', coalesce((
    SELECT json_agg(json_build_object(
      'id', i.id, 'list_id', i.list_id, 'name', i.name, 'quantity', i.quantity, 'unit', i.unit,
      'price_cents', i.price_cents, 'category_id', i.category_id, 'notes', i.notes,
      'position', i.position, 'added_by', ${person('a')}, 'done', i.done,
      'completed_by', ${person('t')}, 'completed_at', ${iso('i.completed_at')},
      'created_at', ${iso('i.created_at')}, 'updated_at', ${iso('i.updated_at')},
      'version', i.version) ORDER BY i.position, i.id)
    FROM items i
    LEFT JOIN users a ON a.id = i.added_by
    LEFT JOIN users t ON t.id = i.completed_by
    WHERE i.list_id = l.id), '[]'::json)
)::text AS body
FROM lists l
LEFT JOIN groups g ON g.id = l.group_id
LEFT JOIN users o ON o.id = l.owner_id
WHERE l.id = $1 AND (
  (l.group_id IS NULL AND l.owner_id = $2)
  OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = l.group_id AND m.user_id = $2))`;

const BALANCES_JSON = `
SELECT coalesce((
  SELECT json_agg(json_build_object('user_id', b.user_id, 'net_cents', b.net_cents)
                  ORDER BY b.user_id)
  FROM group_balances b WHERE b.group_id = $1), '[]'::json)::text AS body
WHERE EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = $1 AND m.user_id = $2)`;

const CHORES_JSON = `
SELECT json_build_object('items', coalesce(json_agg(json_build_object(
  'id', c.id, 'name', c.name, 'description', c.description, 'type', 'group',
  'group_id', c.group_id, 'group_name', g.name, 'frequency', c.frequency,
  'interval_days', c.interval_days, 'due_date', c.due_date, 'effort', c.effort,
  'status', CASE WHEN c.frequency = 'one_time' AND c.completed_on IS NOT NULL
            THEN 'completed' ELSE 'pending' END,
  'completed_on', c.completed_on, 'completed_by', ${person('cb')}, 'time_zone', g.time_zone,
  'assignment', CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object(
    'id', a.id, 'user', ${person('au')}, 'due_date', a.due_date,
    'completed_on', a.completed_on, 'version', a.version) END,
  'created_by', ${person('cr')}, 'created_at', ${iso('c.created_at')},
  'updated_at', ${iso('c.updated_at')}, 'version', c.version) ORDER BY c.id), '[]'::json),
  'next_cursor', NULL)::text AS body
FROM chores c
JOIN groups g ON g.id = c.group_id
LEFT JOIN chore_assignments a ON a.chore_id = c.id AND a.due_date = c.due_date
LEFT JOIN users cb ON cb.id = c.completed_by
LEFT JOIN users au ON au.id = a.user_id
LEFT JOIN users cr ON cr.id = c.created_by
WHERE c.group_id = $1
  AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = $1 AND m.user_id = $2)
HAVING EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = $1 AND m.user_id = $2)`;

const CHORE_HISTORY_JSON = `
SELECT json_build_object(
  'items', coalesce((SELECT json_agg(e.entry ORDER BY e.id DESC) FROM (
    SELECT h.id, json_build_object('id', h.id, 'chore_id', h.chore_id,
      'chore_name', h.chore_name, 'action', h.action, 'actor', ${person('ac')},
      'subject', ${person('su')}, 'details', h.details,
      'created_at', ${iso('h.created_at')}) AS entry
    FROM chore_history h
    LEFT JOIN users ac ON ac.id = h.actor_id
    LEFT JOIN users su ON su.id = h.subject_user_id
    WHERE h.group_id = $1 ORDER BY h.id DESC LIMIT 50) e), '[]'::json),
  'next_cursor', NULL,
  'totals', coalesce((SELECT json_agg(json_build_object('user', ${person('u')},
      'completed', t.completed, 'effort', t.effort, 'minutes', t.minutes))
    FROM (SELECT h.subject_user_id AS user_id,
            count(*) FILTER (WHERE h.effort > 0) - count(*) FILTER (WHERE h.effort < 0) AS completed,
            sum(h.effort) AS effort,
            (SELECT coalesce(sum(te.minutes), 0) FROM chore_time_entries te
               JOIN chore_assignments ca ON ca.id = te.assignment_id
              WHERE ca.group_id = $1 AND te.user_id = h.subject_user_id) AS minutes
          FROM chore_history h WHERE h.group_id = $1 AND h.effort <> 0
          GROUP BY h.subject_user_id) t
    JOIN users u ON u.id = t.user_id), '[]'::json))::text AS body
WHERE EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = $1 AND m.user_id = $2)`;

app.get('/health', async () => ({ status: 'ok' }));

app.get('/users/me', async (request, reply) => {
  const userId = await userIdOf(request.headers.authorization);
  if (userId === null) return reply.status(401).send({ status: 401 });
  const [user] = await query(
    `SELECT id, name, email, is_guest, is_verified, avatar_key, locale, timezone, created_at
     FROM users WHERE id = $1`,
    [userId],
  );
  if (!user) return reply.status(401).send({ status: 401 });
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    is_guest: user.is_guest,
    is_verified: user.is_verified,
    avatar_url: user.avatar_key ? `/api/v1/avatars/${String(user.avatar_key)}.webp` : null,
    locale: user.locale,
    timezone: user.timezone,
    created_at: (user.created_at as Date).toISOString(),
  };
});

app.get<{ Params: { id: string } }>('/lists/:id', async (request, reply) => {
  const userId = await userIdOf(request.headers.authorization);
  if (userId === null) return reply.status(401).send({ status: 401 });
  const [row] = await query(LIST_JSON, [Number(request.params.id), userId]);
  if (!row) return reply.status(404).send({ status: 404 });
  return reply.type('application/json').send(row.body as string);
});

app.get<{ Params: { id: string } }>('/groups/:id/balances', async (request, reply) => {
  const userId = await userIdOf(request.headers.authorization);
  if (userId === null) return reply.status(401).send({ status: 401 });
  const [row] = await query(BALANCES_JSON, [Number(request.params.id), userId]);
  if (!row) return reply.status(404).send({ status: 404 });
  return reply.type('application/json').send(row.body as string);
});

app.get<{ Params: { id: string } }>('/groups/:id/chores', async (request, reply) => {
  const userId = await userIdOf(request.headers.authorization);
  if (userId === null) return reply.status(401).send({ status: 401 });
  const [row] = await query(CHORES_JSON, [Number(request.params.id), userId]);
  if (!row) return reply.status(404).send({ status: 404 });
  return reply.type('application/json').send(row.body as string);
});

app.get<{ Params: { id: string } }>('/groups/:id/chores/history', async (request, reply) => {
  const userId = await userIdOf(request.headers.authorization);
  if (userId === null) return reply.status(401).send({ status: 401 });
  const [row] = await query(CHORE_HISTORY_JSON, [Number(request.params.id), userId]);
  if (!row) return reply.status(404).send({ status: 404 });
  return reply.type('application/json').send(row.body as string);
});

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
