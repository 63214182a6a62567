import {
  ZItem,
  type CreateItemBody,
  type Item,
  type ListDetail,
  type PersonRef,
  type UpdateItemBody,
} from '@household/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import type { TranslationKey } from '../../../lib/i18n';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { afterItemChange, cachedItem, updateDetail } from './detail-cache';
import { isDraftId, mergeItem, removeItem, replaceItem, restoreItem } from './items-cache';
import { listKeys } from './keys';
import {
  applyChange,
  nextDraftId,
  overlayDetail,
  overlayItem,
  rebaseEntries,
  type ItemChange,
  type OutboxEntry,
} from './outbox-changes';
import { isNetworkError, isOnline, retryLaterMs, RETRY_MS, sendChange } from './outbox-network';
import { OutboxStorage } from './outbox-storage';
import {
  OutcomeWaiters,
  ProblemReports,
  type ChangeOutcome,
  type OutboxProblem,
} from './outbox-outcomes';

/**
 * docs/lists.md "never lose an edit": every item change goes through this queue, in order. It is
 * shown at once (optimistic), kept in IndexedDB per user until the server has answered (so it
 * survives closing the tab and reopening the app offline, docs/offline.md), and sent one at a time
 * with its own Idempotency-Key. Without a connection the changes wait and are replayed when it
 * returns; a refused change is put back and the person is told, never dropped silently: what to
 * tell goes to the reporter the page gives (use-outbox-toasts.ts), the queue shows no toast itself.
 * Each change names the item version it was based on, so a stale one answers 409 and the item as
 * it is now replaces ours (docs/lists.md "Items and concurrent edits").
 */
export class ItemOutbox {
  private entries: OutboxEntry[] = [];
  private readonly storage: OutboxStorage;
  /** Settles once the changes kept from an earlier visit are back in the queue. */
  readonly restored: Promise<void>;
  private isRestored = false;
  /** Writes run one after another, each with the queue as it is then, never an older copy. */
  private writing: Promise<void>;
  private readonly waiters = new OutcomeWaiters();
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly problems = new ProblemReports();

  constructor(
    private readonly api: ApiClient,
    private readonly queryClient: QueryClient,
    readonly userId: number,
    private me: PersonRef | null,
  ) {
    this.storage = new OutboxStorage(userId);
    this.restored = this.restore();
    this.writing = this.restored;
  }

  setMe(me: PersonRef | null) {
    this.me = me;
  }

  /** Where the problems of refused changes go from now on (those held so far go there at once). */
  reportProblemsTo(reporter: (problem: OutboxProblem) => void) {
    this.problems.reportTo(reporter);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSize = () => this.entries.length;

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
      updateDetail(this.queryClient, listId, (detail) => removeItem(detail, item.id));
      return Promise.resolve<ChangeOutcome>({ status: 'sent', item: null });
    }
    return this.submit({ op: 'delete', listId, itemId: item.id }, failureKey);
  }

  private submit(change: ItemChange, failureKey: TranslationKey): Promise<ChangeOutcome> {
    const entry: OutboxEntry = {
      key: newIdempotencyKey(),
      change,
      previous: cachedItem(this.queryClient, change.listId, change.itemId),
      failureKey,
      queuedAt: new Date().toISOString(),
    };
    this.entries.push(entry);
    this.save();
    updateDetail(this.queryClient, change.listId, (detail) => applyChange(detail, entry, this.me));
    const outcome = this.waiters.wait(entry.key);
    void this.flush();
    return outcome;
  }

  /** Sends what waits, in order; called again when the connection returns. */
  flush(): Promise<void> {
    // The changes of an earlier visit go first: wait until they are read back.
    if (!this.isRestored) return this.restored.then(() => this.flush());
    if (this.flushing) return this.flushing;
    if (!isOnline()) {
      this.waiters.settleAllQueued();
      return Promise.resolve();
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.flushing = this.run().then((retryInMs) => {
      this.flushing = null;
      if (retryInMs !== null) {
        this.waiters.settleAllQueued();
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
    return overlayDetail(this.entries, detail, this.me);
  }

  /** An item from the server, with the changes still waiting for it on top. */
  overlayItem(item: Item): Item {
    return overlayItem(this.entries, item, this.me);
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
        item = await sendChange(this.api, entry);
      } catch (error) {
        if (isNetworkError(error)) return RETRY_MS;
        const retryInMs = retryLaterMs(error);
        if (retryInMs !== null) return retryInMs;
        this.finish(entry);
        if (isApiError(error, 'already_applied')) {
          // Applied by an earlier copy whose answer was lost: the list as the server has it shows it.
          this.appliedWithoutAnswer(entry);
          this.waiters.settle(entry.key, { status: 'sent', item: null });
          continue;
        }
        this.refused(entry, error);
        this.waiters.settle(entry.key, { error });
        continue;
      }
      this.finish(entry);
      this.accepted(entry, item);
      this.waiters.settle(entry.key, { status: 'sent', item });
    }
    return null;
  }

  private finish(entry: OutboxEntry) {
    this.entries = this.entries.filter((queued) => queued.key !== entry.key);
    this.save();
  }

  private accepted(entry: OutboxEntry, item: Item | null) {
    const { change } = entry;
    if (change.op === 'delete') {
      updateDetail(this.queryClient, change.listId, (detail) => removeItem(detail, change.itemId));
    } else if (item) {
      // Later changes of this item were based on the version we just replaced.
      const baseVersion = change.op === 'update' ? change.body.version : null;
      this.rebase(change.itemId, baseVersion, item);
      updateDetail(this.queryClient, change.listId, (detail) => {
        const withoutDraft = change.op === 'add' ? removeItem(detail, change.itemId) : detail;
        return mergeItem(withoutDraft, this.overlayItem(item));
      });
    }
    afterItemChange(this.queryClient, change.listId);
  }

  private appliedWithoutAnswer({ change }: OutboxEntry) {
    if (change.op === 'add')
      updateDetail(this.queryClient, change.listId, (detail) => removeItem(detail, change.itemId));
    void this.queryClient.invalidateQueries({ queryKey: listKeys.detail(change.listId) });
    afterItemChange(this.queryClient, change.listId);
  }

  private refused(entry: OutboxEntry, error: unknown) {
    const { change } = entry;
    const current = isApiError(error, 'conflict') ? ZItem.safeParse(error.problem.current) : null;
    if (current?.success) {
      // Their version stands; what was based on ours would conflict again.
      const name = current.data.name;
      this.drop((queued) => queued.change.itemId === change.itemId, null);
      updateDetail(this.queryClient, change.listId, (detail) =>
        replaceItem(detail, change.itemId, current.data),
      );
      this.problems.report({ kind: 'conflict', itemName: name });
    } else {
      updateDetail(this.queryClient, change.listId, (detail) => this.rollBack(detail, entry));
      const key = isApiError(error, 'list_archived') ? 'lists.item.archived' : entry.failureKey;
      this.problems.report({ kind: 'refused', messageKey: key });
      if (isApiError(error, 'not_found') || isApiError(error, 'conflict')) {
        void this.queryClient.invalidateQueries({ queryKey: listKeys.detail(change.listId) });
      }
    }
    afterItemChange(this.queryClient, change.listId);
  }

  private rollBack(detail: ListDetail, { change, previous }: OutboxEntry): ListDetail {
    if (change.op === 'add') return removeItem(detail, change.itemId);
    if (previous === null) return detail;
    if (change.op === 'delete') return restoreItem(detail, this.overlayItem(previous));
    return replaceItem(detail, change.itemId, this.overlayItem(previous));
  }

  /** After the server's answer, waiting changes of the item name its id and its new version. */
  private rebase(itemId: number, baseVersion: number | null, item: Item) {
    if (rebaseEntries(this.entries, itemId, baseVersion, item)) this.save();
  }

  private drop(matches: (entry: OutboxEntry) => boolean, outcome: ChangeOutcome | null) {
    const dropped = this.entries.filter(matches);
    this.entries = this.entries.filter((entry) => !matches(entry));
    this.save();
    for (const entry of dropped)
      this.waiters.settle(entry.key, outcome ?? { error: new Error('superseded') });
  }

  /**
   * Puts back the changes an earlier visit left waiting (the tab was closed offline), before any
   * made since, shows them on the lists already drawn, and sends them when there is a connection.
   */
  private async restore(): Promise<void> {
    const saved = await this.storage.read();
    this.isRestored = true;
    const queued = new Set(this.entries.map((entry) => entry.key));
    const earlier = saved.filter((entry, index) => {
      const first = saved.findIndex((other) => other.key === entry.key) === index;
      return first && !queued.has(entry.key);
    });
    if (earlier.length === 0) return;
    this.entries = [...earlier, ...this.entries];
    for (const entry of earlier) {
      updateDetail(this.queryClient, entry.change.listId, (detail) =>
        applyChange(detail, entry, this.me),
      );
    }
    this.save();
    void this.flush();
  }

  private save() {
    this.writing = this.writing.then(() => this.storage.write(this.entries));
    for (const listener of this.listeners) listener();
  }

  /** Resolves once every change so far is written (tests; a page about to close). */
  persisted(): Promise<void> {
    return this.writing;
  }
}
