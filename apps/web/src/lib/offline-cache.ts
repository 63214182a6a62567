/**
 * The service worker's cache of API reads (vite.config.ts `api-reads`). Its entries are keyed by
 * URL alone, not by whose token fetched them: signing out empties it, so the next person on this
 * device never sees the last one's lists offline.
 */
export const OFFLINE_READS_CACHE = 'api-reads';

export async function clearOfflineReads(): Promise<void> {
  if (!('caches' in globalThis)) return;
  try {
    await caches.delete(OFFLINE_READS_CACHE);
  } catch {
    // Storage denied (a private window): there was nothing cached either.
  }
}
