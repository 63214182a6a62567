import { TZDate } from '@date-fns/tz';

/**
 * How long a failed delivery (mail, push, webhook) waits before each further try: after the
 * first failure 1 minute, then 5, 30 and 120; a fifth failure gives up (docs/notifications.md
 * "Channels, tests and retries").
 */
export const RETRY_DELAYS_MINUTES = [1, 5, 30, 120] as const;

/** The most attempts a delivery gets: the first and one per retry delay. */
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/**
 * When a delivery that has failed `attempts` times (the latest at `failedAt`) is tried again, or
 * null when it is given up.
 */
export function nextRetryAt(attempts: number, failedAt: Date): Date | null {
  if (!Number.isInteger(attempts) || attempts < 1) return new Date(failedAt.getTime());
  const delay = RETRY_DELAYS_MINUTES[attempts - 1];
  if (delay === undefined) return null;
  return new Date(failedAt.getTime() + delay * 60_000);
}

const TIME_PATTERN = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** Minutes after midnight of an "HH:MM" text, or null when it is not one. */
function minutesOfTime(time: string | null | undefined): number | null {
  const match = time ? TIME_PATTERN.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function knownZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Minutes after local midnight of `instant` in `zone`. */
function localMinutes(instant: number, zone: string): number {
  const local = new TZDate(instant, zone);
  return local.getHours() * 60 + local.getMinutes();
}

/** Whether a local time (minutes after midnight) lies in [start, end), which may wrap midnight. */
function inWindow(minutes: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/**
 * Whether `instant` lies inside the quiet hours `start`–`end` ("HH:MM", local to `zone`, the end
 * excluded; 22:00–07:00 wraps midnight). No quiet hours when either is missing or both are equal.
 */
export function isQuietAt(
  instant: Date,
  start: string | null | undefined,
  end: string | null | undefined,
  zone: string,
): boolean {
  const from = minutesOfTime(start);
  const to = minutesOfTime(end);
  if (from === null || to === null) return false;
  return inWindow(localMinutes(instant.getTime(), knownZone(zone)), from, to);
}

/**
 * The instant a delivery due at `instant` may go out: `instant` itself outside quiet hours, else
 * the end of the quiet hours in the person's zone (the first instant after it on a day whose clock
 * skips the end time). A zone the runtime does not know counts as UTC.
 */
export function quietUntil(
  instant: Date,
  start: string | null | undefined,
  end: string | null | undefined,
  zone: string,
): Date {
  const from = minutesOfTime(start);
  const to = minutesOfTime(end);
  if (from === null || to === null) return instant;
  const tz = knownZone(zone);
  const at = instant.getTime();
  const minutes = localMinutes(at, tz);
  if (!inWindow(minutes, from, to)) return instant;
  const local = new TZDate(at, tz);
  // The end is later today, or (past midnight of a wrapping window) tomorrow.
  const daysAhead = minutes < to ? 0 : 1;
  let candidate = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + daysAhead,
    Math.floor(to / 60),
    to % 60,
    0,
    0,
    tz,
  ).getTime();
  // Clock changes: an end time the day skips, or one the day has twice, may land before the
  // instant or still inside the window; step on to the first minute that is outside it.
  const limit = at + 2 * 24 * 60 * 60_000;
  while (
    (candidate <= at || inWindow(localMinutes(candidate, tz), from, to)) &&
    candidate < limit
  ) {
    candidate += 60_000;
  }
  // A skipped end time reads as a later one (02:30 as 03:30): go back to the gap's first minute.
  while (candidate - 60_000 > at && !inWindow(localMinutes(candidate - 60_000, tz), from, to)) {
    candidate -= 60_000;
  }
  return new Date(candidate);
}
