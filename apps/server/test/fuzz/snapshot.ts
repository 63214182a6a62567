import { API_PREFIX } from '@household/contracts';
import type { App } from '../../src/app';
import { effectiveSchema, resourceKindOf, type Operation } from './openapi';
import type { ResourcePool } from './seed';

/**
 * Reads left out of snapshots: they report the server's own state (uptime, metrics, its log),
 * which every request changes, and nothing of anyone's data. The data export is stamped with the
 * moment it was made, and holds nothing the other reads, which are compared, do not show. The
 * last delivery per channel changes with the clock: a reminder due at the person's reminder time
 * (08:00 by default) goes out during a run that starts after it (both engines at 08:20 UTC).
 */
const UNSNAPSHOTTED_PREFIXES = [
  `${API_PREFIX}/health`,
  `${API_PREFIX}/users/me/export`,
  `${API_PREFIX}/notifications/deliveries`,
];

/**
 * Reads that learn from every list of a group or of a person (docs/shop-trips.md). Phase 2's
 * targets share the member's personal lists' pool of trips with the canary, so ticking a target's
 * item rightly changes what the canary's personal list suggests: these are left out of the
 * canary's snapshot only. Phase 1 compares them, where nothing of the member's may change.
 */
const SCOPE_WIDE_SUFFIXES = ['/walking-order', '/suggestions'];

/** Every read's answer, status and body as the caller got them, by URL. */
export type Snapshot = Map<string, string>;

/**
 * The URLs of every documented read, filled with the pool's ids (every combination). With
 * `namingPoolOnly`, only reads that name one of the pool's resources: the canary's snapshot must
 * not include whole-account reads, which legitimately show the targets changing.
 */
export function snapshotUrls(
  operations: Operation[],
  pool: ResourcePool,
  namingPoolOnly: boolean,
): string[] {
  const urls: string[] = [];
  for (const operation of operations) {
    if (operation.method !== 'GET') continue;
    if (UNSNAPSHOTTED_PREFIXES.some((prefix) => operation.path.startsWith(prefix))) continue;
    if (namingPoolOnly && SCOPE_WIDE_SUFFIXES.some((suffix) => operation.path.endsWith(suffix)))
      continue;
    let variants: { path: string; query: string[]; namesPool: boolean }[] = [
      { path: operation.path, query: [], namesPool: false },
    ];
    for (const parameter of operation.parameters) {
      const kind = resourceKindOf(operation.path, parameter.name, parameter.schema);
      const ids = kind ? (pool[kind] ?? []) : [];
      const schema = effectiveSchema(parameter.schema);
      const choices: { text: string | null; namesPool: boolean }[] = [];
      if (ids.length > 0 && schema.type === 'array') {
        choices.push({
          text: ids.map((id) => `${parameter.name}=${id}`).join('&'),
          namesPool: true,
        });
      } else if (ids.length > 0) {
        choices.push(...ids.map((id) => ({ text: String(id), namesPool: true })));
      } else if (schema.enum?.length && parameter.in === 'path') {
        choices.push(...schema.enum.map((value) => ({ text: String(value), namesPool: false })));
      }
      if (parameter.in === 'query' && !parameter.required)
        choices.push({ text: null, namesPool: false });
      // A required value the pool cannot give (an avatar's file name): the read is left out.
      if (choices.length === 0 || parameter.in === 'header') {
        variants = [];
        break;
      }
      variants = variants.flatMap((variant) =>
        choices.map(({ text, namesPool }) => {
          const next = { ...variant, namesPool: variant.namesPool || namesPool };
          if (text === null) return next;
          if (parameter.in === 'path') {
            return {
              ...next,
              path: next.path.replace(`{${parameter.name}}`, encodeURIComponent(text)),
            };
          }
          const pair = text.includes('=') ? text : `${parameter.name}=${encodeURIComponent(text)}`;
          return { ...next, query: [...next.query, pair] };
        }),
      );
    }
    for (const { path, query, namesPool } of variants) {
      if (namingPoolOnly && !namesPool) continue;
      urls.push(query.length > 0 ? `${path}?${query.join('&')}` : path);
    }
  }
  return urls;
}

export async function takeSnapshot(
  app: App,
  auth: { authorization: string },
  urls: string[],
): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const url of urls) {
    const response = await app.inject({ method: 'GET', url, headers: auth });
    snapshot.set(url, `${response.statusCode} ${response.body}`);
  }
  return snapshot;
}

/** The reads whose answers differ, each with both answers, for the failure message. */
export function snapshotChanges(before: Snapshot, after: Snapshot): string[] {
  const shorten = (text: string | undefined) =>
    text === undefined ? '(none)' : text.length > 400 ? `${text.slice(0, 400)}…` : text;
  return [...before.keys()]
    .filter((url) => before.get(url) !== after.get(url))
    .map(
      (url) =>
        `${url}\n  before: ${shorten(before.get(url))}\n  after:  ${shorten(after.get(url))}`,
    );
}
