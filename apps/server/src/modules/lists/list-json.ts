import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { avatarPath } from '../people/people.presenter';

type UrlConfig = Pick<Config, 'publicApiUrl'>;

/**
 * The two hottest reads, a list with its items and a list's items, built as JSON text by
 * PostgreSQL in one query, visibility check included, and sent by Node as it is (docs/decisions.md
 * "Hot reads"). The shape is the presenters' (lists.presenter.ts) to the byte: lists.test.ts
 * compares the two on the same data.
 *
 * The query also answers the entity tag, and builds nothing when the caller already holds that
 * version: an unchanged list costs a 304 and one index lookup, not a read of its items.
 */
export interface ListJson {
  etag: string;
  /** Null when the caller's `If-None-Match` names the current version (answer 304). */
  json: string | null;
}

/** ISO 8601 in UTC with milliseconds, as `Date.prototype.toISOString` writes it. */
function iso(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A person reference (presentPerson) of the users row under `alias`, or null for none. */
function person(alias: string, config: UrlConfig): SQL {
  // avatarPath('KEY') is `${before}KEY${after}`: the same URL as the presenter, built in SQL.
  const [before, after] = avatarPath('\u0000').split('\u0000') as [string, string];
  const a = sql.identifier(alias);
  return sql`CASE WHEN ${a}.id IS NULL THEN NULL ELSE json_build_object(
    'id', ${a}.id, 'name', ${a}.name,
    'avatar_url', CASE WHEN ${a}.avatar_key IS NULL THEN NULL
      ELSE ${config.publicApiUrl + before}::text || ${a}.avatar_key || ${after}::text END,
    'is_guest', ${a}.is_guest) END`;
}

/**
 * The entity tag of a list's JSON: the list's version (it moves with every change of the list or
 * its items), its group's version (name, currency) and the people who may appear in it (count and
 * latest profile change of the creator and the group's members). Weak: equal content, not bytes.
 */
const ETAG = sql`'W/"' || l.version || '.' || coalesce(l.group_version, 0) || '.' || (
  SELECT count(*) || '.' || coalesce(floor(extract(epoch FROM max(u.updated_at)) * 1000), 0)
  FROM users u
  WHERE u.id = l.owner_id
     OR u.id IN (SELECT m.user_id FROM group_members m WHERE m.group_id = l.group_id)
) || '"'`;

/** What a list read answers: the list with its items, or the items alone. */
export type ListBody = 'detail' | 'items';

export interface ListJsonOptions {
  listId: number;
  /** Who reads: the query answers nothing when the list is not theirs to see. */
  userId: number;
  /** The caller's `If-None-Match` tags. */
  knownTags: string[];
  body: ListBody;
}

function listQuery(config: UrlConfig, { listId, userId, knownTags, body }: ListJsonOptions): SQL {
  const itemsJson = sql`(
    SELECT count(*) AS item_count,
           count(*) FILTER (WHERE x.done) AS done_count,
           coalesce(sum(x.price_cents), 0) AS total_cents,
           coalesce(json_agg(x ORDER BY x.position, x.id), '[]'::json) AS items
    FROM (
      SELECT i.id, i.list_id, i.name, i.quantity, i.unit, i.price_cents, i.category_id, i.notes,
             i.position, ${person('a', config)} AS added_by, i.done,
             ${person('t', config)} AS completed_by, ${iso(sql`i.completed_at`)} AS completed_at,
             ${iso(sql`i.created_at`)} AS created_at, ${iso(sql`i.updated_at`)} AS updated_at,
             i.version
      FROM items i
      LEFT JOIN users a ON a.id = i.added_by
      LEFT JOIN users t ON t.id = i.completed_by
      WHERE i.list_id = l.id
    ) x
  )`;
  const json =
    body === 'items'
      ? sql`(SELECT agg.items FROM ${itemsJson} agg)`
      : sql`(SELECT json_build_object(
          'id', l.id, 'name', l.name, 'description', l.description,
          'group', CASE WHEN l.group_id IS NULL THEN NULL
                   ELSE json_build_object('id', l.group_id, 'name', l.group_name) END,
          'created_by', ${person('o', config)},
          'status', l.status, 'shop', l.shop, 'currency', coalesce(l.group_currency, o.currency, 'EUR'),
          'item_count', agg.item_count, 'done_count', agg.done_count,
          'total_cents', agg.total_cents,
          'created_at', ${iso(sql`l.created_at`)}, 'updated_at', ${iso(sql`l.updated_at`)},
          'version', l.version, 'items', agg.items)
        FROM ${itemsJson} agg LEFT JOIN users o ON o.id = l.owner_id)`;
  const tags = JSON.stringify(knownTags);
  return sql`
    WITH l AS (
      SELECT lists.*, g.name AS group_name, g.currency AS group_currency, g.version AS group_version
      FROM lists
      LEFT JOIN groups g ON g.id = lists.group_id
      WHERE lists.id = ${listId}
        AND ((lists.group_id IS NULL AND lists.owner_id = ${userId})
          OR EXISTS (SELECT 1 FROM group_members m
                     WHERE m.group_id = lists.group_id AND m.user_id = ${userId}))
    ), tagged AS (
      SELECT l.*, ${ETAG} AS etag FROM l
    )
    SELECT l.etag,
           CASE WHEN ${tags}::jsonb ? l.etag OR ${tags}::jsonb ? '*' THEN NULL
                ELSE ${json}::text END AS json
    FROM tagged l`;
}

/**
 * GET /lists/:id (`detail`) or GET /lists/:id/items (`items`) as JSON text with its tag, or null
 * when the user may not see the list.
 */
export async function readListJson(
  db: DbOrTx,
  config: UrlConfig,
  options: ListJsonOptions,
): Promise<ListJson | null> {
  type Row = { etag: string; json: string | null };
  const query = listQuery(config, options);
  // Both drivers answer `rows`; the shared Db type does not say so.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0] ?? null;
}
