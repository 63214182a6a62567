/**
 * The soak's mixed load: reads and writes at random, in the proportions of MIX, and what it saw of
 * each (its request records, the writes acknowledged, the creates that were not, writes sent again).
 */
import { randomUUID } from 'node:crypto';
import type { Balancer, HttpOutcome, HttpRequest } from '../lib/balancer';
import { eventKey } from '../lib/realtime-client';
import { API, sleep } from '../lib/server';
import type { Household, TrackedItem } from './households';

export const MIX = [
  { operation: 'GET /users/me', weight: 20 },
  { operation: 'GET /lists', weight: 15 },
  { operation: 'GET /lists/:id', weight: 15 },
  { operation: 'GET /groups/:id', weight: 10 },
  { operation: 'PATCH /items/:id', weight: 25 },
  { operation: 'POST /lists/:id/items', weight: 15 },
] as const;
/**
 * Once a household has added this many items, an add removes one of them instead: people also
 * clear what they bought, and lists that grew all run long would make the later phases read longer
 * lists than the first, so that their figures could not be compared.
 */
const MAX_ADDED_PER_HOUSEHOLD = 40;
/** Every operation the load sends: those of the mix, and the removal that stands in for an add. */
export const OPERATIONS = [...MIX.map((entry) => entry.operation), 'DELETE /items/:id'] as const;
type Operation = (typeof OPERATIONS)[number];
const MIX_TOTAL = MIX.reduce((sum, entry) => sum + entry.weight, 0);

/**
 * An item is not toggled again until this long after its last answer, so that each of its events
 * can be told from the previous one by when it arrived (events say which item, not which edit).
 */
const TOGGLE_COOLDOWN_MS = 2000;
/** The web app's outbox sends a change again this long after it got no answer (RETRY_MS)… */
const OUTBOX_RETRY_MS = 10_000;
/** …and keeps doing so; the soak stops after this many, so that the run stays bounded. */
const OUTBOX_RETRIES = 2;
/**
 * An answer that says "not now" (503 from a server shedding load, 409 `idempotency_in_progress`
 * while an earlier copy still holds the key) is sent again after its Retry-After, as the outbox
 * does; at most this many times.
 */
const NOT_NOW_RETRIES = 5;

export interface RequestRecord {
  operation: Operation;
  dueAt: number;
  doneAt: number;
  upstream: number;
  status: number | null;
  error: string | null;
}

/** A 2xx write and the event every client of its household should receive for it. */
export interface AcknowledgedWrite {
  household: number;
  key: string;
  itemId: number;
  sentAt: number;
  acknowledgedAt: number;
  /** Its event arrives before this (set after the run: a toggle's item's next toggle was sent). */
  eventUntil: number;
  /** False when the answer was a replay of an earlier attempt's: that attempt published or not. */
  expectsEvent: boolean;
  upstream: number;
  /** For a toggle: the item's version and state it answered. */
  version: number;
  done: boolean;
  kind: 'create' | 'toggle';
}

/** A create that got no 201 in the end: what the client was told, and whether it was stored. */
export interface UnacknowledgedCreate {
  household: Household;
  name: string;
  outcome: string;
}

export const countInto = (counts: Record<string, number>, key: string) =>
  (counts[key] = (counts[key] ?? 0) + 1);

/** Names of created items are unique across every phase of a run: "stored anyway" looks them up. */
let createSequence = 0;

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

function pickOperation(): Operation {
  let roll = Math.random() * MIX_TOTAL;
  for (const entry of MIX) {
    roll -= entry.weight;
    if (roll < 0) return entry.operation;
  }
  return MIX[0].operation;
}

const isReplay = (outcome: HttpOutcome) => outcome.headers?.['idempotent-replayed'] === 'true';

const problemCode = (outcome: HttpOutcome) =>
  outcome.body ? (JSON.parse(outcome.body) as { code?: string }).code : undefined;

/** Milliseconds to wait before sending a write again that the server answered "not now", or null. */
function notNowDelayMs(outcome: HttpOutcome): number | null {
  const notNow =
    outcome.status === 503 ||
    (outcome.status === 409 && problemCode(outcome) === 'idempotency_in_progress');
  if (!notNow) return null;
  const seconds = Number(outcome.headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : OUTBOX_RETRY_MS;
}

/** What a write's client was told, e.g. `201`, `200 replayed`, `409 <detail>`, `no answer (ECONNRESET)`. */
function outcomeLabel(outcome: HttpOutcome): string {
  if (outcome.status === null) return `no answer (${outcome.error})`;
  if (isReplay(outcome)) return `${outcome.status} replayed`;
  if (outcome.status === 409) {
    const problem = JSON.parse(outcome.body!) as { code?: string; current?: unknown };
    return problem.current ? '409 changed meanwhile' : `409 ${problem.code ?? ''}`.trim();
  }
  if (outcome.status === 503) return '503 busy';
  return String(outcome.status);
}

/**
 * The mixed load and what it saw: each request's outcome, the writes acknowledged, the creates that
 * were not, and how writes sent again ended.
 */
export class Workload {
  readonly records: RequestRecord[] = [];
  readonly acknowledged: AcknowledgedWrite[] = [];
  readonly unacknowledgedCreates: UnacknowledgedCreate[] = [];
  /** Writes that got no answer or "not now" and were sent again: how the last attempt ended. */
  readonly retries: Record<string, number> = {};
  /**
   * When each answer that did the work came (first attempts and writes sent again alike): a 2xx,
   * or a toggle's 409 that carries the item as it is. The served rate is counted from these.
   */
  readonly servedAt: number[] = [];
  /** Of those, the writes'. */
  readonly servedWritesAt: number[] = [];
  /** Items the load removed again (or tried to): their writes are not read back. */
  readonly removedItemIds = new Set<number>();
  /** When each toggle of each item was sent, answered or not: the window of its event. */
  private readonly toggleSentAt = new Map<number, number[]>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly balancer: Balancer,
    private readonly households: Household[],
  ) {}

  /** Starts one request due at `dueAt`, without waiting for it (open loop). */
  fire(dueAt: number): void {
    const running = this.perform(dueAt).finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Waits for the requests still running (and the writes still to be sent again). */
  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  /** After the run: a toggle's event must arrive before its item's next toggle was sent. */
  closeEventWindows(): void {
    for (const write of this.acknowledged) {
      if (write.kind !== 'toggle') continue;
      const sentTimes = this.toggleSentAt.get(write.itemId)!;
      write.eventUntil = sentTimes.find((at) => at > write.sentAt) ?? Infinity;
    }
  }

  private async perform(dueAt: number): Promise<void> {
    const household = pick(this.households);
    const token = pick(household.tokens);
    let operation = pickOperation();
    let outcome: HttpOutcome;
    if (operation === 'PATCH /items/:id') {
      const now = performance.now();
      const idle = household.items.filter((item) => item.idleFrom <= now);
      if (idle.length > 0) outcome = await this.toggle(household, token, pick(idle));
      else {
        operation = 'POST /lists/:id/items';
        outcome = await this.create(household, token);
      }
    } else if (operation === 'POST /lists/:id/items') {
      const now = performance.now();
      const added = household.items.filter((item) => item.added);
      const removable = added.find((item) => item.idleFrom <= now);
      if (added.length >= MAX_ADDED_PER_HOUSEHOLD && removable) {
        operation = 'DELETE /items/:id';
        outcome = await this.remove(household, token, removable);
      } else outcome = await this.create(household, token);
    } else if (operation === 'GET /users/me') outcome = await this.read(token, '/users/me');
    else if (operation === 'GET /lists') outcome = await this.read(token, '/lists');
    else if (operation === 'GET /lists/:id') {
      outcome = await this.read(token, `/lists/${pick(household.listIds)}`);
    } else outcome = await this.read(token, `/groups/${household.groupId}`);
    this.records.push({
      operation,
      dueAt,
      doneAt: outcome.doneAt,
      upstream: outcome.upstream,
      status: outcome.status,
      error: outcome.error,
    });
  }

  /** Sends through the balancer and notes when an answer did the work. */
  private async send(request: HttpRequest): Promise<HttpOutcome> {
    const outcome = await this.balancer.send(request);
    const served =
      outcome.status !== null &&
      (outcome.status < 300 ||
        (outcome.status === 409 &&
          request.method === 'PATCH' &&
          problemCode(outcome) !== 'idempotency_in_progress'));
    if (served) this.servedAt.push(outcome.doneAt);
    if (served && request.method !== 'GET') this.servedWritesAt.push(outcome.doneAt);
    return outcome;
  }

  private read(token: string, url: string): Promise<HttpOutcome> {
    return this.send({
      method: 'GET',
      path: `${API}${url}`,
      headers: { authorization: `Bearer ${token}` },
      keepBody: false,
    });
  }

  /**
   * A write as the web app's outbox sends it: with an Idempotency-Key, and when no answer came,
   * the same request again OUTBOX_RETRY_MS later, up to OUTBOX_RETRIES times; when the answer was
   * "not now", again after its Retry-After, up to NOT_NOW_RETRIES times. Returns the first
   * outcome (what the load counts) and the last (what the client ends up with), and when that
   * was sent.
   */
  private async sendWrite(
    method: 'PATCH' | 'POST' | 'DELETE',
    url: string,
    token: string,
    body: object | null,
    onSend: (sentAt: number) => void = () => {},
  ) {
    const request: HttpRequest = {
      method,
      path: `${API}${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === null ? {} : { 'content-type': 'application/json' }),
        'idempotency-key': randomUUID(),
      },
      body: body === null ? undefined : JSON.stringify(body),
      keepBody: true,
    };
    let sentAt = performance.now();
    onSend(sentAt);
    const first = await this.send(request);
    let last = first;
    let unanswered = 0;
    let notNow = 0;
    for (;;) {
      const notNowMs = notNowDelayMs(last);
      if (last.status === null && unanswered < OUTBOX_RETRIES) {
        unanswered += 1;
        await sleep(OUTBOX_RETRY_MS);
      } else if (notNowMs !== null && notNow < NOT_NOW_RETRIES) {
        notNow += 1;
        await sleep(notNowMs);
      } else break;
      sentAt = performance.now();
      onSend(sentAt);
      last = await this.send(request);
    }
    if (last !== first) countInto(this.retries, outcomeLabel(last));
    // A write that got no answer may have been applied before its connection died; one refused
    // every time (503 before it was read) never may.
    return { first, last, sentAt, everUnanswered: unanswered > 0 };
  }

  /** A write answered 2xx: its item as answered, and the event its household should receive. */
  private acknowledge(
    household: Household,
    kind: AcknowledgedWrite['kind'],
    item: TrackedItem,
    sentAt: number,
    answer: HttpOutcome,
  ): void {
    this.acknowledged.push({
      household: household.index,
      key: eventKey('item', item.id, kind === 'create' ? 'created' : 'updated'),
      itemId: item.id,
      sentAt,
      acknowledgedAt: answer.doneAt,
      eventUntil: Infinity,
      expectsEvent: !isReplay(answer),
      upstream: answer.upstream,
      version: item.version,
      done: item.done,
      kind,
    });
  }

  private async toggle(household: Household, token: string, item: TrackedItem) {
    item.idleFrom = Infinity;
    const sentTimes: number[] = this.toggleSentAt.get(item.id) ?? [];
    this.toggleSentAt.set(item.id, sentTimes);
    const { first, last, sentAt } = await this.sendWrite(
      'PATCH',
      `/items/${item.id}`,
      token,
      { version: item.version, done: !item.done },
      (at) => sentTimes.push(at),
    );
    if (last.status === 200 || last.status === 409) {
      const body = JSON.parse(last.body!) as { version: number; done: boolean } & {
        current?: { version: number; done: boolean };
      };
      // A 409 for a stale version carries the item as it is now: the next toggle goes on from it.
      const now = last.status === 200 ? body : body.current;
      if (now) {
        item.version = now.version;
        item.done = now.done;
      }
    }
    if (last.status === 200) this.acknowledge(household, 'toggle', item, sentAt, last);
    item.idleFrom = performance.now() + TOGGLE_COOLDOWN_MS;
    return first;
  }

  /**
   * Removes an item the load added. Its earlier writes are no longer checked when the lists are
   * read back, whether the removal was answered or not.
   */
  private async remove(household: Household, token: string, item: TrackedItem) {
    item.idleFrom = Infinity;
    household.items = household.items.filter((each) => each !== item);
    this.removedItemIds.add(item.id);
    const { first } = await this.sendWrite('DELETE', `/items/${item.id}`, token, null);
    return first;
  }

  private async create(household: Household, token: string) {
    const listId = pick(household.listIds);
    const name = `Soak item ${++createSequence}`;
    const { first, last, sentAt, everUnanswered } = await this.sendWrite(
      'POST',
      `/lists/${listId}/items`,
      token,
      { name },
    );
    if (last.status === 201) {
      const created = JSON.parse(last.body!) as { id: number; version: number };
      const item = {
        id: created.id,
        version: created.version,
        done: false,
        added: true,
        idleFrom: 0,
      };
      household.items.push(item);
      this.acknowledge(household, 'create', item, sentAt, last);
    } else {
      const outcome = `${everUnanswered ? 'no answer, then ' : ''}${outcomeLabel(last)}`;
      this.unacknowledgedCreates.push({ household, name, outcome });
    }
    return first;
  }
}
