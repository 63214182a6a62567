import type { AwayPeriod } from '@household/domain';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { arrayLiteral } from '../../db/array-literal';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import type { ChoreRow } from '../../db/schema';
import type { PersonFields } from '../people/people.presenter';

/**
 * What the chores' strategies need (and, to present them, their current turns, groups and
 * people), read for many chores in ONE statement whatever their number (docs/chores.md "Assignment
 * strategies"): each read is a part of one SELECT that answers it as JSON, so that
 * a household's chores page costs the same few round trips as a bare read of its rows.
 */

export interface StrategyFacts {
  /** Per group: its members' ids. */
  members: Map<number, number[]>;
  /** Per `group/user`: the effort credited in the group (read for least-effort chores). */
  effort: Map<string, number>;
  /** Per `chore/user`: the turns done of the chore (read for least-done chores). */
  done: Map<string, number>;
  /** Per chore: the latest turns before its cutoff date, oldest first, and how many came before. */
  turns: Map<number, { latest: number[]; earlier: number }>;
  /** Per group: the stored away periods that end on or after the earliest due date asked about. */
  away: Map<number, AwayPeriod[]>;
}

/** The assignment of a chore's current occurrence (its due date). */
export interface CurrentTurn {
  id: number;
  userId: number;
  dueDate: string;
  completedOn: string | null;
  version: number;
}

export interface PresentingFacts extends StrategyFacts {
  /** Per chore: its current turn, when someone has it. */
  current: Map<number, CurrentTurn>;
  groups: Map<number, { name: string; timeZone: string }>;
  /**
   * Everyone the chores can name: the `known` ids, the current turns' people and the groups'
   * members (a strategy names members only: who is next, after whom, who was passed over).
   */
  people: PersonFields[];
}

/** The strategies that weigh what members have done; the others never read those sums. */
const COUNTING = new Set<ChoreRow['assignmentStrategy']>(['least_done', 'least_effort']);
/** The strategies that follow the turns before: the last one in the order, or the window. */
const FOLLOWING = new Set<ChoreRow['assignmentStrategy']>(['fixed_rotation', 'random_fair']);

type Cutoff = (chore: ChoreRow) => string;

/** The strategy facts of these chores; the turns counted are those before `cutoff(chore)`. */
export async function strategyFacts(
  db: DbOrTx,
  rows: readonly ChoreRow[],
  cutoff: Cutoff,
): Promise<StrategyFacts> {
  const facts = emptyFacts();
  if (!rows.some((row) => row.groupId !== null)) return facts;
  const [answer] = await runFacts(db, rows, cutoff, null);
  return readStrategyFacts(answer!, facts);
}

/** Everything presenting these chores needs, each on its due date; `known`: people named already. */
export async function presentingFacts(
  db: DbOrTx,
  rows: readonly ChoreRow[],
  known: ReadonlySet<number>,
): Promise<PresentingFacts> {
  const [answer] = await runFacts(db, rows, (row) => row.dueDate, known);
  const facts = readStrategyFacts(answer!, emptyFacts());
  return {
    ...facts,
    current: new Map(
      answer!.current.map(([choreId, id, userId, dueDate, completedOn, version]) => [
        choreId,
        { id, userId, dueDate, completedOn, version },
      ]),
    ),
    groups: new Map(answer!.groups.map(([id, name, timeZone]) => [id, { name, timeZone }])),
    people: answer!.people.map(([id, name, avatarKey, isGuest]) => ({
      id,
      name,
      avatarKey,
      isGuest,
    })),
  };
}

const emptyFacts = (): StrategyFacts => ({
  members: new Map(),
  effort: new Map(),
  done: new Map(),
  turns: new Map(),
  away: new Map(),
});

/** One JSON array of tuples per part (json_build_array keeps the answer small and positional). */
interface FactsAnswer {
  members: [groupId: number, userId: number][];
  effort: [groupId: number, userId: number, effort: number][];
  done: [choreId: number, userId: number, done: number][];
  /** Oldest first per chore; `total` counts all turns before the cutoff, for a fair draw only. */
  turns: [choreId: number, userId: number, counted: boolean, total: number][];
  away: [groupId: number, userId: number, from: string, to: string][];
  current: [
    choreId: number,
    id: number,
    userId: number,
    dueDate: string,
    completedOn: string | null,
    version: number,
  ][];
  groups: [id: number, name: string, timeZone: string][];
  people: [id: number, name: string | null, avatarKey: string | null, isGuest: boolean][];
}

function readStrategyFacts(answer: FactsAnswer, facts: StrategyFacts): StrategyFacts {
  for (const [groupId, userId] of answer.members) {
    const ids = facts.members.get(groupId) ?? [];
    ids.push(userId);
    facts.members.set(groupId, ids);
  }
  for (const [groupId, userId, effort] of answer.effort) {
    facts.effort.set(`${groupId}/${userId}`, effort);
  }
  for (const [choreId, userId, done] of answer.done) facts.done.set(`${choreId}/${userId}`, done);
  for (const [choreId, userId, counted, total] of answer.turns) {
    const turns = facts.turns.get(choreId) ?? { latest: [], earlier: 0 };
    turns.latest.push(userId);
    facts.turns.set(choreId, turns);
    // Only a draw counts its turns in windows from the first: an order needs the last one.
    if (counted) turns.earlier = total - turns.latest.length;
  }
  for (const [groupId, userId, from, to] of answer.away) {
    const periods = facts.away.get(groupId) ?? [];
    periods.push({ userId, from, to });
    facts.away.set(groupId, periods);
  }
  return facts;
}

/** A JSON array of the rows of `from`, each as `tuple`, or `[]` for none. */
const jsonTuples = (tuple: SQL, from: SQL, order: SQL = sql``) =>
  sql`(select coalesce(json_agg(json_build_array(${tuple}) ${order}), '[]'::json) ${from})`;

/** The columns of `chore` in the statement, each sent as one array: name, type, value of a chore. */
const CHORE_COLUMNS: [string, string, (row: ChoreRow, cutoff: Cutoff) => Scalar][] = [
  ['chore_id', 'int', (row) => row.id],
  ['group_id', 'int', (row) => row.groupId],
  ['due_date', 'date', (row) => row.dueDate],
  ['cutoff', 'date', (row, cutoff) => cutoff(row)],
  ['keep', 'int', (row) => Math.max(1, row.fairWindow ?? 0, row.rotationOrder.length)],
  ['follows', 'boolean', (row) => row.groupId !== null && FOLLOWING.has(row.assignmentStrategy)],
  ['counted', 'boolean', (row) => row.assignmentStrategy === 'random_fair'],
  ['weighs', 'boolean', (row) => row.groupId !== null && COUNTING.has(row.assignmentStrategy)],
];
type Scalar = number | string | boolean | null;

/**
 * The statement. `chore` holds one row per chore: its group, due date and cutoff, how many of its
 * latest turns its strategy looks at (at least a round of the group, added in SQL), whether it
 * follows its turns (an order or a draw), counts them all (a draw) or weighs the totals.
 * `presenting` adds the current turns, the groups and the people (with the `known` ids); without
 * them PostgreSQL does not run the CTE nothing reads.
 *
 * LIMIT keeps each lateral read an index scan of its own on (chore_id, due_date), instead of one
 * join over every turn of every chore. A draw's count is a lateral of the chore, made once per
 * chore (`offset 0` keeps the planner from folding it into the select list, where it was made
 * again per latest turn).
 */
function factsStatement(presenting: boolean): SQL {
  const columns = sql.raw(CHORE_COLUMNS.map(([name]) => name).join(', '));
  const arrays = sql.join(
    CHORE_COLUMNS.map(([name, type]) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const presented = presenting
    ? sql`${jsonTuples(
        sql`t.chore_id, t.id, t.user_id, t.due_date, t.completed_on, t.version`,
        sql`from current_turn t`,
      )} as current,
      ${jsonTuples(
        sql`g.id, g.name, g.time_zone`,
        sql`from groups g where g.id in (select group_id from chore)`,
      )} as groups,
      ${jsonTuples(
        sql`u.id, u.name, u.avatar_key, u.is_guest`,
        sql`from users u where u.id in (
          select user_id from member union select user_id from current_turn
          union select unnest(${sql.placeholder('known')}::int[]))`,
      )} as people`
    : sql`'[]'::json as current, '[]'::json as groups, '[]'::json as people`;
  return sql`
    with chore(${columns}) as (select * from unnest(${arrays})),
    member as (
      select m.group_id, m.user_id from group_members m
      where m.group_id in (select group_id from chore)
    ),
    latest_turn as (
      select c.chore_id, latest.user_id, latest.due_date, c.counted, earlier.total
      from chore c
      cross join lateral (
        select case when c.counted then (
          select count(*)::int from chore_assignments a
          where a.chore_id = c.chore_id and a.due_date < c.cutoff
        ) else 0 end as total
        offset 0
      ) earlier
      cross join lateral (
        select a.user_id, a.due_date from chore_assignments a
        where a.chore_id = c.chore_id and a.due_date < c.cutoff
        order by a.due_date desc
        limit greatest(c.keep, (select count(*) from member m where m.group_id = c.group_id))
      ) latest
      where c.follows
    ),
    current_turn as (
      select c.chore_id, a.id, a.user_id, a.due_date, a.completed_on, a.version
      from chore c
      cross join lateral (
        select * from chore_assignments a
        where a.chore_id = c.chore_id and a.due_date = c.due_date
        limit 1
      ) a
    )
    select
      ${jsonTuples(sql`m.group_id, m.user_id`, sql`from member m`)} as members,
      ${jsonTuples(
        sql`e.group_id, e.user_id, e.effort`,
        sql`from chore_effort_totals e where e.group_id in (select group_id from chore where weighs)`,
      )} as effort,
      ${jsonTuples(
        sql`d.chore_id, d.user_id, d.done`,
        sql`from chore_done_totals d where d.chore_id in (select chore_id from chore where weighs)`,
      )} as done,
      ${jsonTuples(
        sql`t.chore_id, t.user_id, t.counted, t.total`,
        sql`from latest_turn t`,
        sql`order by t.chore_id, t.due_date`,
      )} as turns,
      ${jsonTuples(
        sql`p.group_id, p.user_id, p.starts_on, p.ends_on`,
        sql`from member_away_periods p where p.group_id in (select group_id from chore)
          and p.ends_on >= (select min(due_date) from chore)`,
      )} as away,
      ${presented}`;
}

/**
 * The two statements, written once: their text is the same whatever the chores (the chores go as
 * arrays), so PostgreSQL parses and plans each once per connection (named prepared statements,
 * `db/prepared.ts`) instead of on every request, where planning it cost as much as running it.
 * PGlite runs them as any query.
 */
const dialect = new PgDialect();
const STRATEGY_FACTS = dialect.sqlToQuery(factsStatement(false));
const PRESENTING_FACTS = dialect.sqlToQuery(factsStatement(true));
const factsStatements = preparedPerDatabase((db) => ({
  strategy: db._.session.prepareQuery(STRATEGY_FACTS, undefined, 'chore_strategy_facts', false),
  presenting: db._.session.prepareQuery(
    PRESENTING_FACTS,
    undefined,
    'chore_presenting_facts',
    false,
  ),
}));

async function runFacts(
  db: DbOrTx,
  rows: readonly ChoreRow[],
  cutoff: Cutoff,
  known: ReadonlySet<number> | null,
): Promise<FactsAnswer[]> {
  const statements = factsStatements(db);
  const statement = known === null ? statements.strategy : statements.presenting;
  const values: Record<string, string> = { known: arrayLiteral([...(known ?? [])]) };
  for (const [name, , value] of CHORE_COLUMNS) {
    values[name] = arrayLiteral(rows.map((row) => value(row, cutoff)));
  }
  // Both drivers answer `rows`; the shared Db type does not say so.
  const result = (await statement.execute(values)) as unknown as { rows: FactsAnswer[] };
  return result.rows;
}
