/**
 * A fresh `Idempotency-Key` for one deliberate change, kept for its retries so that a retried
 * request (a lost answer) is applied once (ARCHITECTURE "Writes"). `randomUUID` exists only on
 * https and localhost.
 */
export const newIdempotencyKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
