import type { ApiError } from './api-client';

/** Whole minutes until a rate-limited action may be tried again (at least one). */
export function retryAfterMinutes(error: ApiError): number {
  return Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
}
