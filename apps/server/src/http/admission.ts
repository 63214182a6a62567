/**
 * Who may start work now, who waits in line, and who is refused: the rules of load shedding
 * (docs/decisions.md "Load and faults"), apart from HTTP and from the clock, so that tests drive
 * them with readings of their own.
 *
 * A request starts at once while fewer than `maxActive` are at work; otherwise it waits in line
 * (first come, first served) until one finishes. How long the oldest waiting request has waited is
 * the queueing delay. In the spirit of CoDel, a line that empties or moves within the target now
 * and then is a good queue that absorbs a burst; a line whose oldest request has waited longer than
 * the target for a whole interval is a standing queue, and only then are newcomers that would join
 * it refused. Nothing else counts: not how busy the thread was, not what happened before the first
 * request, not a burst that has already drained.
 */

export interface AdmissionLimits {
  /** Requests at work at once; more wait in line. */
  maxActive: number;
  /** Requests held at once, at work or waiting; more are refused (unless few are in flight). */
  maxInFlight: number;
  /** A wait longer than this makes the line bad. */
  queueDelayTargetMs: number;
  /** How long the line must stay bad before newcomers are refused. */
  intervalMs: number;
}

/**
 * Never refuse while this many requests or fewer are in flight, whatever the line says: one person
 * opening a page sends a few reads at once, and a few requests are no overload on any machine.
 */
export const NEVER_REFUSED_AT_OR_BELOW = 4;

export type Refusal = 'in_flight_cap' | 'queue_delay';

/** An admitted request: started now or later; `leave` once it is answered or its client is gone. */
export interface Ticket {
  leave(): void;
}

export interface AdmissionState {
  active: number;
  waiting: number;
  /** How long the oldest waiting request has waited, in ms (0 when none waits). */
  queueDelayMs: number;
  /** What a newcomer that has to wait would be told now; null when it would be let in. */
  refusal: Refusal | null;
}

interface Waiter {
  enqueuedAt: number;
  start: () => void;
}

export function createAdmission(limits: AdmissionLimits, now: () => number) {
  let active = 0;
  const line: Waiter[] = [];
  /** Since when the oldest waiting request has been over the target, without a break. */
  let badSince: number | null = null;

  /** Brings the standing-queue reading up to `at`; called on every arrival and departure. */
  function observe(at: number): void {
    const oldest = line[0];
    if (!oldest || at - oldest.enqueuedAt < limits.queueDelayTargetMs) {
      badSince = null;
      return;
    }
    // The line was good at the last change; since then this request has been its oldest, so the
    // line turned bad when this request's wait passed the target.
    badSince ??= oldest.enqueuedAt + limits.queueDelayTargetMs;
  }

  function refusalAt(at: number): Refusal | null {
    const inFlight = active + line.length;
    if (inFlight <= NEVER_REFUSED_AT_OR_BELOW) return null;
    if (inFlight >= limits.maxInFlight) return 'in_flight_cap';
    const mustWait = active >= limits.maxActive;
    if (mustWait && badSince !== null && at - badSince >= limits.intervalMs) return 'queue_delay';
    return null;
  }

  function startWaiting(): void {
    while (active < limits.maxActive && line.length > 0) {
      const next = line.shift()!;
      active += 1;
      next.start();
    }
  }

  return {
    /**
     * A request arrives: `start` is called now or once a place frees up, and a ticket returned; or
     * it is refused, nothing is called, and the refusal says why.
     */
    arrive(start: () => void): Ticket | Refusal {
      const at = now();
      observe(at);
      const refusal = refusalAt(at);
      if (refusal) return refusal;
      let state: 'active' | 'waiting' | 'left';
      const waiter: Waiter = {
        enqueuedAt: at,
        start: () => {
          state = 'active';
          start();
        },
      };
      if (active < limits.maxActive) {
        active += 1;
        state = 'active';
        start();
      } else {
        state = 'waiting';
        line.push(waiter);
      }
      return {
        leave() {
          if (state === 'active') {
            active -= 1;
            startWaiting();
          } else if (state === 'waiting') {
            // Its client gave up in line: the request is dropped before any work is done.
            line.splice(line.indexOf(waiter), 1);
          }
          state = 'left';
          observe(now());
        },
      };
    },

    /** What this process would do with a newcomer now (the readiness check). */
    state(): AdmissionState {
      const at = now();
      observe(at);
      return {
        active,
        waiting: line.length,
        queueDelayMs: line[0] ? at - line[0].enqueuedAt : 0,
        refusal: refusalAt(at),
      };
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
