import {
  ZItem,
  type CreateItemBody,
  type Item,
  type ListDetail,
  type PersonRef,
  type UpdateItemBody,
} from '@household/contracts';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isApiError, type ApiClient } from '../../lib/api-client';
import type { TranslationKey } from '../../lib/i18n';
import { notify } from '../../lib/toasts';
import { apiPaths } from '../../paths';
import {
  draftItem,
  isDraftId,
  mergeItem,
  patchItem,
  removeItem,
  replaceItem,
  restoreItem,
  withItems,
} from './items-cache';
import { listKeys } from './keys';

/** One change of an item, as the person made it. */
export type ItemChange =
  | { op: 'add'; listId: number; itemId: number; body: CreateItemBody }
  | { op: 'update'; listId: number; itemId: number; body: UpdateItemBody }
  | { op: 'delete'; listId: number; itemId: number };

interface Entry {
  /** Sent as the `Idempotency-Key`: a replay of a change the server already applied is a no-op. */
  key: string;
  change: ItemChange;
  /** The item before the change, to put back when the server refuses it. */
  previous: Item | null;
  /** What to tell the person when the server refuses the change. */
  failureKey: TranslationKey;
  queuedAt: string;
}

export type ChangeOutcome = { status: 'sent'; item: Item | null } | { status: 'queued' };

interface Waiter {
  resolve: (outcome: ChangeOutcome) => void;
  reject: (error: unknown) => void;
}

/** docs/offline.md "The outbox": one IndexedDB database, one record per user. */
const DATABASE = 'household-outbox';
const STORE = 'item-changes';
/** Where an earlier version of the app kept the queue: moved into IndexedDB on first start. */
const LEGACY_STORAGE_PREFIX = 'household.lists.outbox.';
const RETRY_MS = 10_000;

const isOnline = () => globalThis.navigator?.onLine !== false;

/** fetch rejects with a TypeError when there is no answer at all; anything else is an answer. */
export function isNetworkError(error: unknown): boolean {
  if (isApiError(error)) return false;
  return error instanceof TypeError || !isOnline();
}

/**
 * How long to wait before sending a change again that the server could not take now: a server
 * shedding load (503) or behind a proxy that lost it (502, 504), or an earlier copy of the change
 * still running (docs/lists.md "Idempotency-Key"). Null when the answer is final.
 */
export function retryLaterMs(error: unknown): number | null {
  if (!isApiError(error)) return null;
  const transient =
    [502, 503, 504].includes(error.status) || isApiError(error, 'idempotency_in_progress');
  if (!transient) return null;
  return error.retryAfterSeconds === null ? RETRY_MS : error.retryAfterSeconds * 1000;
}

let draftCounter = 0;
const nextDraftId = () => -(Date.now() * 1000 + (draftCounter++ % 1000));

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function openStore(): UseStore | null {
  try {
    return globalThis.indexedDB ? createStore(DATABASE, STORE) : null;
  } catch {
    return null;
  }
}

/**
 * docs/lists.md "never lose an edit": every item change goes through this queue, in order. It is
 * shown at once (optimistic), kept in IndexedDB per user until the server has answered (so it
 * survives closing the tab and reopening the app offline, docs/offline.md), and sent one at a time
 * with its own Idempotency-Key. Without a connection the changes wait and are
 * replayed when it returns; a refused change is put back and the person is told, never dropped
 * silently. Each change names the item version it was based on, so a stale one answers 409 and
 * the item as it is now replaces ours (docs/lists.md "Items and concurrent edits").
 */
export class ItemOutbox {
  private entries: Entry[] = [];
  private readonly store = openStore();
  /** Settles once the changes kept from an earlier visit are back in the queue. */
  readonly restored: Promise<void>;
  private isRestored = false;
  /** Writes run one after another, each with the queue as it is then, never an older copy. */
  private writing: Promise<void>;
  private readonly waiters = new Map<string, Waiter>();
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly queryClient: QueryClient,
    readonly userId: number,
    private me: PersonRef | null,
  ) {
    this.restored = this.restore();
    this.writing = this.restored;
  }

  private get storageKey() {
    return `lists.${this.userId}`;
  }

  private get legacyStorageKey() {
    return `${LEGACY_STORAGE_PREFIX}${this.userId}`;
  }

  setMe(me: PersonRef | null) {
    this.me = me;
  }

  /** How many changes wait for the server. */
  get size() {
    return this.entries.length;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSize = () => this.entries.length;

  pendingFor(listId: number): number {
    return this.entries.filter((entry) => entry.change.listId === listId).length;
  }

  /** Adds a new item; it shows at once with a temporary id. */
  add(listId: number, body: CreateItemBody, failureKey: TranslationKey) {
    return this.submit({ op: 'add', listId, itemId: nextDraftId(), body }, failureKey);
  }

  update(
    listId: number,
    item: Item,
    body: Omit<UpdateItemBody, 'version'>,
    failureKey: TranslationKey,
  ) {
    return this.submit(
      { op: 'update', listId, itemId: item.id, body: { ...body, version: item.version } },
      failureKey,
    );
  }

  remove(listId: number, item: Item, failureKey: TranslationKey) {
    // A draft nobody else has seen is simply forgotten, with the changes made to it.
    const pendingAdd = this.entries.findIndex(
      (entry) => entry.change.op === 'add' && entry.change.itemId === item.id,
    );
    const isInFlight = pendingAdd === 0 && this.flushing !== null;
    if (isDraftId(item.id) && pendingAdd !== -1 && !isInFlight) {
      this.drop((entry) => entry.change.itemId === item.id, { status: 'sent', item: null });
      this.setDetail(listId, (detail) => removeItem(detail, item.id));
      return Promise.resolve<ChangeOutcome>({ status: 'sent', item: null });
    }
    return this.submit({ op: 'delete', listId, itemId: item.id }, failureKey);
  }

  private submit(change: ItemChange, failureKey: TranslationKey): Promise<ChangeOutcome> {
    const entry: Entry = {
      key: newKey(),
      change,
      previous: this.cachedItem(change.listId, change.itemId),
      failureKey,
      queuedAt: new Date().toISOString(),
    };
    this.entries.push(entry);
    this.save();
    this.setDetail(change.listId, (detail) => this.apply(detail, entry));
    const outcome = new Promise<ChangeOutcome>((resolve, reject) => {
      this.waiters.set(entry.key, { resolve, reject });
    });
    void this.flush();
    return outcome;
  }

  /** Sends what waits, in order; called again when the connection returns. */
  flush(): Promise<void> {
    // The changes of an earlier visit go first: wait until they are read back.
    if (!this.isRestored) return this.restored.then(() => this.flush());
    if (this.flushing) return this.flushing;
    if (!isOnline()) {
      this.settleWaiting();
      return Promise.resolve();
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.flushing = this.run().then((retryInMs) => {
      this.flushing = null;
      if (retryInMs !== null) {
        this.settleWaiting();
        // Online by the browser's account, yet no answer, or "not now": try again later.
        if (isOnline()) this.retryTimer = setTimeout(() => void this.flush(), retryInMs);
        return undefined;
      }
      return this.entries.length > 0 ? this.flush() : undefined;
    });
    return this.flushing;
  }

  /** Shows a list as the server sent it, with the changes still waiting on top. */
  overlay(detail: ListDetail): ListDetail {
    return this.entries
      .filter((entry) => entry.change.listId === detail.id)
      .reduce((current, entry) => this.apply(current, entry), detail);
  }

  /** An item from the server, with the changes still waiting for it on top. */
  overlayItem(item: Item): Item {
    const now = new Date().toISOString();
    return this.entries.reduce(
      (current, { change }) =>
        change.op === 'update' && change.itemId === item.id
          ? patchItem(current, change.body, this.me, now)
          : current,
      item,
    );
  }

  /** Whether a change of this item waits to be sent (a realtime refetch must not undo it). */
  hasPending(itemId: number) {
    return this.entries.some((entry) => entry.change.itemId === itemId);
  }

  /** Sends the queue in order; answers how long to wait before trying again, or null when done. */
  private async run(): Promise<number | null> {
    while (this.entries.length > 0) {
      const entry = this.entries[0]!;
      let item: Item | null;
      try {
        item = await this.send(entry);
      } catch (error) {
        if (isNetworkError(error)) return RETRY_MS;
        const retryInMs = retryLaterMs(error);
        if (retryInMs !== null) return retryInMs;
        this.finish(entry);
        if (isApiError(error, 'already_applied')) {
          // Applied by an earlier copy whose answer was lost: the list as the server has it shows it.
          this.appliedWithoutAnswer(entry);
          this.waiters.get(entry.key)?.resolve({ status: 'sent', item: null });
          this.waiters.delete(entry.key);
          continue;
        }
        this.refused(entry, error);
        this.waiters.get(entry.key)?.reject(error);
        this.waiters.delete(entry.key);
        continue;
      }
      this.finish(entry);
      this.accepted(entry, item);
      this.waiters.get(entry.key)?.resolve({ status: 'sent', item });
      this.waiters.delete(entry.key);
    }
    return null;
  }

  private send({ key, change }: Entry): Promise<Item | null> {
    const headers = { 'Idempotency-Key': key };
    switch (change.op) {
      case 'add':
        return this.api.post(apiPaths.listItems(change.listId), {
          json: change.body,
          headers,
          schema: ZItem,
        });
      case 'update':
        return this.api.patch(apiPaths.listItem(change.listId, change.itemId), {
          json: change.body,
          headers,
          schema: ZItem,
        });
      case 'delete':
        return this.api
          .delete(apiPaths.listItem(change.listId, change.itemId), { headers })
          .then(() => null);
    }
  }

  private finish(entry: Entry) {
    this.entries = this.entries.filter((queued) => queued.key !== entry.key);
    this.save();
  }

  private accepted(entry: Entry, item: Item | null) {
    const { change } = entry;
    if (change.op === 'delete') {
      this.setDetail(change.listId, (detail) => removeItem(detail, change.itemId));
    } else if (item) {
      // Later changes of this item were based on the version we just replaced.
      const baseVersion = change.op === 'update' ? change.body.version : null;
      this.rebase(change.itemId, baseVersion, item);
      this.setDetail(change.listId, (detail) => {
        const withoutDraft = change.op === 'add' ? removeItem(detail, change.itemId) : detail;
        return mergeItem(withoutDraft, this.overlayItem(item));
      });
    }
    this.listChanged(change.listId);
  }

  private appliedWithoutAnswer({ change }: Entry) {
    if (change.op === 'add')
      this.setDetail(change.listId, (detail) => removeItem(detail, change.itemId));
    void this.queryClient.invalidateQueries({ queryKey: listKeys.detail(change.listId) });
    this.listChanged(change.listId);
  }

  private refused(entry: Entry, error: unknown) {
    const { change } = entry;
    const current = isApiError(error, 'conflict') ? ZItem.safeParse(error.problem.current) : null;
    if (current?.success) {
      // Their version stands; what was based on ours would conflict again.
      const name = current.data.name;
      this.drop((queued) => queued.change.itemId === change.itemId, null);
      this.setDetail(change.listId, (detail) => replaceItem(detail, change.itemId, current.data));
      notify({
        type: 'warning',
        message: i18next.t('lists.item.conflict', { name }),
        duration: 10_000,
      });
    } else {
      this.setDetail(change.listId, (detail) => this.rollBack(detail, entry));
      const key = isApiError(error, 'list_archived') ? 'lists.item.archived' : entry.failureKey;
      notify({ type: 'error', message: i18next.t(key) });
      if (isApiError(error, 'not_found') || isApiError(error, 'conflict')) {
        void this.queryClient.invalidateQueries({ queryKey: listKeys.detail(change.listId) });
      }
    }
    this.listChanged(change.listId);
  }

  private rollBack(detail: ListDetail, { change, previous }: Entry): ListDetail {
    if (change.op === 'add') return removeItem(detail, change.itemId);
    if (previous === null) return detail;
    if (change.op === 'delete') return restoreItem(detail, this.overlayItem(previous));
    return replaceItem(detail, change.itemId, this.overlayItem(previous));
  }

  /** After the server's answer, waiting changes of the item name its id and its new version. */
  private rebase(itemId: number, baseVersion: number | null, item: Item) {
    let changed = false;
    for (const entry of this.entries) {
      const { change } = entry;
      if (change.itemId !== itemId) continue;
      changed = true;
      change.itemId = item.id;
      if (change.op === 'update' && (baseVersion === null || change.body.version === baseVersion)) {
        change.body = { ...change.body, version: item.version };
      }
    }
    if (changed) this.save();
  }

  private drop(matches: (entry: Entry) => boolean, outcome: ChangeOutcome | null) {
    const dropped = this.entries.filter(matches);
    this.entries = this.entries.filter((entry) => !matches(entry));
    this.save();
    for (const entry of dropped) {
      const waiter = this.waiters.get(entry.key);
      if (outcome) waiter?.resolve(outcome);
      else waiter?.reject(new Error('superseded'));
      this.waiters.delete(entry.key);
    }
  }

  private settleWaiting() {
    for (const waiter of this.waiters.values()) waiter.resolve({ status: 'queued' });
    this.waiters.clear();
  }

  private apply(detail: ListDetail, { change, queuedAt }: Entry): ListDetail {
    switch (change.op) {
      case 'add': {
        if (detail.items.some((item) => item.id === change.itemId)) return detail;
        const position = detail.items.reduce((max, item) => Math.max(max, item.position), 0) + 1;
        const draft = draftItem(detail.id, change.itemId, change.body, position, this.me, queuedAt);
        return withItems(detail, [...detail.items, draft]);
      }
      case 'update': {
        const item = detail.items.find((cached) => cached.id === change.itemId);
        if (!item) return detail;
        const patched = patchItem(item, change.body, this.me, new Date().toISOString());
        return withItems(
          detail,
          detail.items.map((cached) => (cached.id === item.id ? patched : cached)),
        );
      }
      case 'delete':
        return removeItem(detail, change.itemId);
    }
  }

  private cachedItem(listId: number, itemId: number): Item | null {
    const detail = this.queryClient.getQueryData<ListDetail>(listKeys.detail(listId));
    return detail?.items.find((item) => item.id === itemId) ?? null;
  }

  private setDetail(listId: number, update: (detail: ListDetail) => ListDetail) {
    this.queryClient.setQueryData<ListDetail>(listKeys.detail(listId), (detail) =>
      detail ? update(detail) : detail,
    );
  }

  private listChanged(listId: number) {
    // A refetch that started before this answer may carry the change as it was waiting: ask again.
    const key = listKeys.detail(listId);
    if (this.queryClient.isFetching({ queryKey: key }) > 0) {
      void this.queryClient.invalidateQueries({ queryKey: key });
    }
    // The cards' counts and the cost summary follow the items; refetched when next shown.
    void this.queryClient.invalidateQueries({ queryKey: listKeys.indexes, refetchType: 'none' });
    void this.queryClient.invalidateQueries({
      queryKey: listKeys.groupListsAll,
      refetchType: 'none',
    });
    void this.queryClient.invalidateQueries({ queryKey: listKeys.costSummary(listId) });
  }

  /**
   * Puts back the changes an earlier visit left waiting (the tab was closed offline), before any
   * made since, shows them on the lists already drawn, and sends them when there is a connection.
   */
  private async restore(): Promise<void> {
    const saved = [...this.readLegacy(), ...(await this.read())];
    this.isRestored = true;
    const queued = new Set(this.entries.map((entry) => entry.key));
    const earlier = saved.filter((entry, index) => {
      const first = saved.findIndex((other) => other.key === entry.key) === index;
      return first && !queued.has(entry.key);
    });
    if (earlier.length === 0) return;
    this.entries = [...earlier, ...this.entries];
    for (const entry of earlier) {
      this.setDetail(entry.change.listId, (detail) => this.apply(detail, entry));
    }
    this.save();
    void this.flush();
  }

  private async read(): Promise<Entry[]> {
    if (!this.store) return [];
    try {
      const stored: unknown = await get(this.storageKey, this.store);
      return Array.isArray(stored) ? (stored as Entry[]) : [];
    } catch {
      return [];
    }
  }

  private readLegacy(): Entry[] {
    try {
      const stored = window.localStorage.getItem(this.legacyStorageKey);
      const parsed: unknown = stored ? JSON.parse(stored) : [];
      return Array.isArray(parsed) ? (parsed as Entry[]) : [];
    } catch {
      return [];
    }
  }

  private save() {
    this.writing = this.writing.then(() => this.write());
    for (const listener of this.listeners) listener();
  }

  private async write() {
    if (!this.store) return;
    try {
      if (this.entries.length === 0) await del(this.storageKey, this.store);
      else await set(this.storageKey, this.entries, this.store);
      window.localStorage.removeItem(this.legacyStorageKey);
    } catch {
      // Storage full or denied: the queue still lives in memory for this visit.
    }
  }

  /** Resolves once every change so far is written (tests; a page about to close). */
  persisted(): Promise<void> {
    return this.writing;
  }
}

const outboxes = new WeakMap<QueryClient, ItemOutbox>();

/** The outbox of the signed-in user on this query cache (one per user; replaced on a switch). */
export function outboxFor(
  queryClient: QueryClient,
  api: ApiClient,
  userId: number,
  me: PersonRef | null,
): ItemOutbox {
  let outbox = outboxes.get(queryClient);
  if (!outbox || outbox.userId !== userId) {
    outbox = new ItemOutbox(api, queryClient, userId, me);
    outboxes.set(queryClient, outbox);
  } else {
    outbox.setMe(me);
  }
  return outbox;
}

/** The active outbox, if any: a refetched list shows its waiting changes on top. */
export function activeOutbox(queryClient: QueryClient): ItemOutbox | undefined {
  return outboxes.get(queryClient);
}
