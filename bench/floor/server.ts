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
 *   GET /groups/:id/chores  the same token check, then one prepared statement: membership, the
 *                   group's chores with their current assignment, what their strategies weigh
 *                   (members, totals, latest turns, away periods) and the people named, as JSON
 *                   arrays; Node runs the domain's `nextTurn` per chore for who is next and why
 *                   and writes the answer (bench/chores.ts checks it is the app's, to the value).
 *   GET /groups/:id/chores/history  the same token check, then one query: the newest 50 history
 *                   entries with their people and the per-member totals, as JSON text.
 *
 * No hooks, no logging, no validation, no security headers. Started by run.ts, balance-summary.ts
 * and chores.ts with PORT, HOST, JWT_SECRET and DATABASE_URL (PostgreSQL) or DATA_DIR (the
 * app's PGlite folder, app stopped).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { nextTurn, type AssignmentStrategy, type NextReason } from '@household/domain';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

/** `name`: a statement prepared once per connection (PostgreSQL; PGlite ignores it). */
type Query = (text: string, params: unknown[], name?: string) => Promise<Record<string, unknown>[]>;

async function openDatabase(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return async (text, params, name) => (await pool.query({ text, values: params, name })).rows;
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

// The group's chores and the facts their strategies need to say who is next and why (members,
// kept totals, latest turns, away periods) and the people they name, as rows of JSON arrays in one
// statement, prepared once (PostgreSQL); Node runs the same rule (`nextTurn`) per chore and writes
// the answer. Building the answer's objects in SQL instead cost more than building them in Node.
const CHORES_WITH_FACTS = `
SELECT g.name, g.time_zone,
  (SELECT json_agg(json_build_array(c.id, c.name, c.description, c.frequency, c.interval_days,
      c.due_date, c.effort, c.completed_on, c.completed_by, c.assignment_strategy,
      c.rotation_order, c.assignee_id, c.fair_window, c.due_rule, c.completion_window_days,
      c.due_date - c.completion_window_days, c.skip_policy, c.created_by, ${iso('c.created_at')},
      ${iso('c.updated_at')}, c.version, a.id, a.user_id, a.due_date, a.completed_on, a.version)
      ORDER BY c.id)
    FROM chores c
    LEFT JOIN chore_assignments a ON a.chore_id = c.id AND a.due_date = c.due_date
    WHERE c.group_id = $1) AS chores,
  (SELECT json_agg(m.user_id) FROM group_members m WHERE m.group_id = $1) AS members,
  (SELECT json_object_agg(e.user_id, e.effort) FROM chore_effort_totals e
   WHERE e.group_id = $1) AS effort,
  (SELECT json_object_agg(d.chore_id || '/' || d.user_id, d.done)
   FROM chore_done_totals d JOIN chores c ON c.id = d.chore_id
   WHERE c.group_id = $1 AND c.assignment_strategy IN ('least_done', 'least_effort')) AS done,
  (SELECT json_agg(json_build_array(c.id, t.user_id, n.total) ORDER BY c.id, t.due_date)
   FROM chores c
   CROSS JOIN LATERAL (SELECT CASE WHEN c.assignment_strategy = 'random_fair' THEN (
       SELECT count(*) FROM chore_assignments a
       WHERE a.chore_id = c.id AND a.due_date < c.due_date) ELSE 0 END AS total
     OFFSET 0) n
   CROSS JOIN LATERAL (SELECT a.user_id, a.due_date FROM chore_assignments a
     WHERE a.chore_id = c.id AND a.due_date < c.due_date ORDER BY a.due_date DESC
     LIMIT greatest(1, c.fair_window, jsonb_array_length(c.rotation_order),
       (SELECT count(*) FROM group_members m WHERE m.group_id = $1))) t
   WHERE c.group_id = $1 AND c.assignment_strategy IN ('fixed_rotation', 'random_fair')) AS turns,
  (SELECT json_agg(json_build_array(p.user_id, p.starts_on, p.ends_on))
   FROM member_away_periods p WHERE p.group_id = $1
   AND p.ends_on >= (SELECT min(c.due_date) FROM chores c WHERE c.group_id = $1)) AS away,
  (SELECT json_agg(json_build_array(u.id, u.name, u.avatar_key, u.is_guest)) FROM users u
   WHERE u.id IN (SELECT m.user_id FROM group_members m WHERE m.group_id = $1
     UNION SELECT unnest(ARRAY[c.created_by, c.completed_by, a.user_id])
     FROM chores c
     LEFT JOIN chore_assignments a ON a.chore_id = c.id AND a.due_date = c.due_date
     WHERE c.group_id = $1)) AS people
FROM groups g
WHERE g.id = $1 AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = $1 AND m.user_id = $2)`;

type ChoreTuple = [
  id: number,
  name: string,
  description: string | null,
  frequency: string,
  intervalDays: number | null,
  dueDate: string,
  effort: number,
  completedOn: string | null,
  completedBy: number | null,
  strategy: AssignmentStrategy,
  rotationOrder: number[],
  assigneeId: number | null,
  fairWindow: number | null,
  dueRule: string,
  completionWindowDays: number | null,
  completableFrom: string | null,
  skipPolicy: string,
  createdBy: number | null,
  createdAt: string,
  updatedAt: string,
  version: number,
  assignmentId: number | null,
  assigneeOfTurn: number | null,
  turnDue: string | null,
  turnCompletedOn: string | null,
  turnVersion: number | null,
];
interface ChoresWithFacts {
  name: string;
  time_zone: string;
  chores: ChoreTuple[] | null;
  members: number[] | null;
  effort: Record<string, number> | null;
  done: Record<string, number> | null;
  turns: [number, number, number][] | null;
  away: [number, string, string][] | null;
  people: [number, string | null, string | null, boolean][] | null;
}

/** The chores answer, each chore's next assignee and reason by the domain's rule. */
function choresAnswer(groupId: number, facts: ChoresWithFacts): string {
  const people = new Map(
    (facts.people ?? []).map(([id, name, avatarKey, isGuest]) => [
      id,
      {
        id,
        name,
        avatar_url: avatarKey ? `/api/v1/avatars/${avatarKey}.webp` : null,
        is_guest: isGuest,
      },
    ]),
  );
  const ref = (id: number | null) =>
    id === null ? null : (people.get(id) ?? { id, name: null, avatar_url: null, is_guest: false });
  const turns = new Map<number, { latest: number[]; total: number }>();
  for (const [choreId, userId, total] of facts.turns ?? []) {
    const entry = turns.get(choreId) ?? { latest: [], total };
    entry.latest.push(userId);
    turns.set(choreId, entry);
  }
  const away = (facts.away ?? []).map(([userId, from, to]) => ({ userId, from, to }));
  const items = (facts.chores ?? []).map((chore) => {
    // prettier-ignore
    const [id, name, description, frequency, intervalDays, dueDate, effort, completedOn,
      completedBy, strategy, rotationOrder, assigneeId, fairWindow, dueRule, windowDays,
      completableFrom, skipPolicy, createdBy, createdAt, updatedAt, version, assignmentId,
      turnUser, turnDue, turnCompletedOn, turnVersion] = chore;
    const completed = frequency === 'one_time' && completedOn !== null;
    let next: {
      userId: number | null;
      reason: NextReason | { kind: 'assigned'; skipped: [] };
    } | null = null;
    if (!completed) {
      const latest = turns.get(id);
      const pick = nextTurn({
        strategy,
        members: (facts.members ?? []).map((userId) => ({
          userId,
          doneCount: facts.done?.[`${id}/${userId}`] ?? 0,
          effort: facts.effort?.[userId] ?? 0,
        })),
        turns: latest?.latest ?? [],
        earlierTurns:
          strategy === 'random_fair' && latest ? latest.total - latest.latest.length : 0,
        away,
        date: dueDate,
        rotationOrder,
        assigneeId,
        fairWindow,
        seed: id,
      });
      next =
        turnUser === null || turnUser === pick.userId
          ? pick
          : { userId: turnUser, reason: { kind: 'assigned', skipped: [] } };
    }
    return {
      id,
      name,
      description,
      type: 'group',
      group_id: groupId,
      group_name: facts.name,
      frequency,
      interval_days: frequency === 'custom' ? intervalDays : null,
      due_date: dueDate,
      effort,
      status: completed ? 'completed' : 'pending',
      completed_on: completedOn,
      completed_by: ref(completedBy),
      time_zone: facts.time_zone,
      assignment:
        assignmentId === null
          ? null
          : {
              id: assignmentId,
              user: ref(turnUser),
              due_date: turnDue,
              completed_on: turnCompletedOn,
              version: turnVersion,
            },
      assignment_strategy: strategy,
      rotation_order: rotationOrder,
      assignee_id: assigneeId,
      fair_window: fairWindow,
      due_rule: dueRule,
      completion_window_days: windowDays,
      completable_from: completableFrom,
      skip_policy: skipPolicy,
      next_assignee: ref(next?.userId ?? null),
      next_reason: next ? reasonOf(next.reason, ref) : null,
      created_by: ref(createdBy),
      created_at: createdAt,
      updated_at: updatedAt,
      version,
    };
  });
  return JSON.stringify({ items, next_cursor: null });
}

function reasonOf(
  reason: NextReason | { kind: 'assigned'; skipped: [] },
  ref: (id: number | null) => unknown,
) {
  const skipped = reason.skipped.map((id) => ref(id));
  switch (reason.kind) {
    case 'next_in_order':
      return { kind: reason.kind, after: ref(reason.after), skipped };
    case 'fewest_done':
      return { kind: reason.kind, count: reason.count, skipped };
    case 'least_effort':
      return { kind: reason.kind, effort: reason.effort, skipped };
    case 'random_fair':
      return { kind: reason.kind, window: reason.window, skipped };
    default:
      return { kind: reason.kind, skipped };
  }
}

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
  const groupId = Number(request.params.id);
  const [row] = await query(CHORES_WITH_FACTS, [groupId, userId], 'floor_chores');
  if (!row) return reply.status(404).send({ status: 404 });
  return reply
    .type('application/json')
    .send(choresAnswer(groupId, row as unknown as ChoresWithFacts));
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
