import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { OutboxEntry } from './outbox-changes';

/** docs/offline.md "The outbox": one IndexedDB database, one record per user. */
const DATABASE = 'household-outbox';
const STORE = 'item-changes';
/** Where an earlier version of the app kept the queue: moved into IndexedDB on first start. */
const LEGACY_STORAGE_PREFIX = 'household.lists.outbox.';

function openStore(): UseStore | null {
  try {
    return globalThis.indexedDB ? createStore(DATABASE, STORE) : null;
  } catch {
    return null;
  }
}

/** One user's waiting changes, kept across visits; without IndexedDB, nothing is kept. */
export class OutboxStorage {
  private readonly store = openStore();

  constructor(private readonly userId: number) {}

  private get key() {
    return `lists.${this.userId}`;
  }

  private get legacyKey() {
    return `${LEGACY_STORAGE_PREFIX}${this.userId}`;
  }

  /** What an earlier visit left waiting: what an earlier version of the app kept goes first. */
  async read(): Promise<OutboxEntry[]> {
    return [...this.readLegacy(), ...(await this.readStore())];
  }

  async write(entries: readonly OutboxEntry[]) {
    if (!this.store) return;
    try {
      if (entries.length === 0) await del(this.key, this.store);
      else await set(this.key, entries, this.store);
      window.localStorage.removeItem(this.legacyKey);
    } catch {
      // Storage full or denied: the queue still lives in memory for this visit.
    }
  }

  private async readStore(): Promise<OutboxEntry[]> {
    if (!this.store) return [];
    try {
      const stored: unknown = await get(this.key, this.store);
      return Array.isArray(stored) ? (stored as OutboxEntry[]) : [];
    } catch {
      return [];
    }
  }

  private readLegacy(): OutboxEntry[] {
    try {
      const stored = window.localStorage.getItem(this.legacyKey);
      const parsed: unknown = stored ? JSON.parse(stored) : [];
      return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
    } catch {
      return [];
    }
  }
}
