import { z } from './zod';

/**
 * What the server tells connected clients after a change commits (docs/realtime.md). Small on
 * purpose: the client patches or refetches what it has cached.
 */
/** `expense` and `settlement` events also mean: the group's balances changed. */
export const REALTIME_ENTITIES = [
  'list',
  'item',
  'group',
  'membership',
  'expense',
  'settlement',
  /** A rate set in a group (docs/expenses.md "Currencies"). */
  'exchange_rate',
  /** A recurring expense started, changed, paused, resumed, ended, skipped or filled in. */
  'expense_series',
  'chore',
  'assignment',
  /** A member's stored away period added or removed: the chores' next turns may change. */
  'away_period',
  /** A request to take someone's chore turn, asked or answered. */
  'chore_swap',
  'ocr_job',
  /** Between server processes only: a user's sessions ended (`id` is the user); never sent to clients. */
  'session',
  /** A notification for `user_id` (the bell count changed). */
  'notification',
] as const;
export const REALTIME_ACTIONS = ['created', 'updated', 'deleted'] as const;

export const ZRealtimeEvent = z.object({
  entity: z.enum(REALTIME_ENTITIES),
  id: z.number().int(),
  action: z.enum(REALTIME_ACTIONS),
  /** The list an item or list event is about. */
  list_id: z.number().int().nullable(),
  /** Set for everything in a group: delivered to its members. */
  group_id: z.number().int().nullable(),
  /** Set for personal things (a personal list's owner) and for membership events (the member). */
  user_id: z.number().int().nullable(),
  version: z.number().int().nullable(),
  /** Who made the change; null when the system did. */
  actor: z.number().int().nullable(),
  /** An `ocr_job` event's progress, 0–100, so that a progress bar moves without a request. */
  progress: z.number().int().min(0).max(100).optional(),
});
export type RealtimeEvent = z.infer<typeof ZRealtimeEvent>;

/** Client → server over the WebSocket: the first message authenticates, later ones re-authenticate. */
export const ZClientMessage = z.object({ type: z.literal('auth'), token: z.string().max(4096) });
export type ClientMessage = z.infer<typeof ZClientMessage>;

/** Server → client. */
export const ZServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), user_id: z.number().int() }),
  z.object({ type: z.literal('event'), event: ZRealtimeEvent }),
]);
export type ServerMessage = z.infer<typeof ZServerMessage>;

/** WebSocket close codes: 4401 the token is missing, invalid or expired (refresh, reconnect). */
export const WS_CLOSE_UNAUTHENTICATED = 4401;
export const WS_AUTH_TIMEOUT_MS = 10_000;
