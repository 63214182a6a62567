import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createAdmission,
  NEVER_REFUSED_AT_OR_BELOW,
  type AdmissionLimits,
  type Ticket,
} from './admission';

const LIMITS: AdmissionLimits = {
  maxActive: 2,
  maxInFlight: 32,
  queueDelayTargetMs: 100,
  intervalMs: 1000,
};

/** The rules on a clock the test moves by hand: no time passes unless the test says so. */
function admissionAt(limits: Partial<AdmissionLimits> = {}) {
  let clock = 0;
  const started: number[] = [];
  const admission = createAdmission({ ...LIMITS, ...limits }, () => clock);
  let next = 0;
  const arrive = () => {
    const id = next++;
    const ticket = admission.arrive(() => started.push(id));
    return { id, ticket };
  };
  const admitted = (outcome: ReturnType<typeof arrive>): Ticket => {
    if (typeof outcome.ticket === 'string') throw new Error(`refused: ${outcome.ticket}`);
    return outcome.ticket;
  };
  return {
    admission,
    arrive,
    admitted,
    started,
    advance: (ms: number) => (clock += ms),
  };
}

describe('admission: who starts, who waits, who is refused', () => {
  it('starts requests at once up to the active limit, then lets the rest wait first come, first served', () => {
    const { arrive, admitted, started } = admissionAt();
    const tickets = [arrive(), arrive(), arrive(), arrive()].map(admitted);
    expect(started).toEqual([0, 1]);
    tickets[0]!.leave();
    expect(started).toEqual([0, 1, 2]);
    tickets[1]!.leave();
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it(`never refuses while ${NEVER_REFUSED_AT_OR_BELOW} or fewer requests are in flight, however long they wait`, () => {
    const { admission, arrive, advance } = admissionAt({ maxActive: 1, maxInFlight: 2 });
    // Each arrives with 0 to 4 others in flight, every wait far past the target, for far longer
    // than the interval.
    for (let i = 0; i <= NEVER_REFUSED_AT_OR_BELOW; i += 1) {
      advance(60_000);
      expect(typeof arrive().ticket).toBe('object');
    }
    advance(60_000);
    expect(admission.state()).toMatchObject({ active: 1, waiting: 4 });
    expect(arrive().ticket).toBe('in_flight_cap');
  });

  it('lets a burst wait in line without refusing anyone while the line moves within the target', () => {
    const { arrive, admitted, advance, started } = admissionAt();
    // Twelve requests at once, each done 40 ms after it starts, two at a time: the oldest waits at
    // most 40 ms whenever the line moves, so it never stands.
    const tickets = new Map<number, Ticket>();
    for (let i = 0; i < 12; i += 1) {
      const outcome = arrive();
      tickets.set(outcome.id, admitted(outcome));
    }
    let done = 0;
    while (done < 12) {
      advance(40);
      const working = started.slice(done, done + 2);
      for (const id of working) tickets.get(id)!.leave();
      done += working.length;
      // A newcomer between turns is let in (and leaves at once, to keep the count).
      const newcomer = arrive();
      expect(typeof newcomer.ticket).toBe('object');
    }
  });

  it('refuses newcomers only once the oldest waiting request has been over the target for a whole interval', () => {
    const { admission, arrive, advance } = admissionAt();
    for (let i = 0; i < 8; i += 1) arrive(); // two at work, six waiting; nothing finishes
    advance(LIMITS.queueDelayTargetMs + LIMITS.intervalMs - 1);
    expect(typeof arrive().ticket).toBe('object');
    expect(admission.state().refusal).toBeNull();
    advance(1);
    expect(admission.state()).toMatchObject({ refusal: 'queue_delay', active: 2, waiting: 7 });
    expect(arrive().ticket).toBe('queue_delay');
  });

  it('forgets a standing line as soon as it drains: the next request after a burst is let in', () => {
    const { admission, arrive, admitted, advance } = admissionAt();
    const burst = Array.from({ length: 8 }, () => admitted(arrive()));
    advance(10_000);
    expect(arrive().ticket).toBe('queue_delay');
    // The burst is worked off without the clock moving: nothing of it counts any more.
    for (const ticket of burst) ticket.leave();
    expect(admission.state()).toEqual({ active: 0, waiting: 0, queueDelayMs: 0, refusal: null });
    const next = admitted(arrive());
    next.leave();
  });

  it('lets a newcomer in while a place is free, even right after a standing line', () => {
    const { arrive, admitted, advance } = admissionAt({ maxActive: 6 });
    const tickets = Array.from({ length: 12 }, () => admitted(arrive()));
    advance(5_000);
    expect(arrive().ticket).toBe('queue_delay');
    // One finishes: its place goes to the oldest waiting request, and the line stays bad.
    tickets[0]!.leave();
    expect(arrive().ticket).toBe('queue_delay');
  });

  it('drops a request whose client left while it waited, before it starts', () => {
    const { arrive, admitted, started } = admissionAt({ maxActive: 1 });
    const first = admitted(arrive());
    const gone = admitted(arrive());
    admitted(arrive());
    gone.leave();
    first.leave();
    expect(started).toEqual([0, 2]);
  });

  it('keeps its counts whatever order requests arrive, start, leave and wait in (property)', () => {
    type Step = { kind: 'arrive' } | { kind: 'leave'; pick: number } | { kind: 'wait'; ms: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.constant<Step>({ kind: 'arrive' }),
      fc.nat(1000).map<Step>((pick) => ({ kind: 'leave', pick })),
      fc.integer({ min: 1, max: 3000 }).map<Step>((ms) => ({ kind: 'wait', ms })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const { admission, arrive, advance, started } = admissionAt({
          maxActive: 2,
          maxInFlight: 10,
        });
        const held: { id: number; ticket: Ticket }[] = [];
        for (const each of steps) {
          if (each.kind === 'wait') advance(each.ms);
          else if (each.kind === 'leave' && held.length > 0) {
            const [gone] = held.splice(each.pick % held.length, 1);
            gone!.ticket.leave();
          } else if (each.kind === 'arrive') {
            const before = admission.state();
            const outcome = arrive();
            if (typeof outcome.ticket === 'string') {
              // A refusal only with more than four in flight, and for a reason that holds.
              expect(before.active + before.waiting).toBeGreaterThan(NEVER_REFUSED_AT_OR_BELOW);
              if (outcome.ticket === 'queue_delay') {
                expect(before.active).toBe(2);
                expect(before.queueDelayMs).toBeGreaterThanOrEqual(LIMITS.queueDelayTargetMs);
              } else {
                expect(before.active + before.waiting).toBeGreaterThanOrEqual(10);
              }
            } else {
              held.push({ id: outcome.id, ticket: outcome.ticket });
            }
          }
          const state = admission.state();
          expect(state.active).toBeLessThanOrEqual(2);
          expect(state.active + state.waiting).toBe(held.length);
          // Nobody waits while a place is free.
          if (state.waiting > 0) expect(state.active).toBe(2);
          const startedAndHeld = held.filter(({ id }) => started.includes(id)).length;
          expect(startedAndHeld).toBe(state.active);
        }
      }),
    );
  });
});
