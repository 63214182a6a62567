import { API_PREFIX } from '@household/contracts/limits';
import type { FastifyInstance } from 'fastify';
import { createAdmission, type Admission, type AdmissionLimits, type Refusal } from './admission';
import { problem, sendProblem } from './problem';

/** What a client is told to wait before sending again a request the server was too busy for. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export const BUSY_DETAIL = 'The server is busy; try again shortly';

/** A refusal after this long without one starts a new episode in the log. */
const QUIET_BEFORE_NEW_EPISODE_MS = 10_000;

/** API requests that are never held in line nor refused: health checks and WebSocket upgrades. */
function isExempt(url: string, upgrade: string | undefined): boolean {
  return (
    upgrade !== undefined ||
    !url.startsWith(`${API_PREFIX}/`) ||
    url.startsWith(`${API_PREFIX}/health`)
  );
}

/**
 * Holds API requests past what this process works on at once in a line, and refuses newcomers
 * with 503 and `Retry-After` only while that line stands (http/admission.ts): past capacity the
 * excess is answered at once instead of queued beyond the clients' patience (bench/README.md
 * "Soak"), and below it nobody is refused. The decision is made as a request arrives, before its
 * token is checked or its body read, so a refusal costs almost nothing; a request waits in line at
 * the same point, so one whose client hangs up while waiting costs nothing either.
 */
export function shedExcessLoad(
  app: FastifyInstance,
  limits: AdmissionLimits,
  now: () => number = () => performance.now(),
): Admission {
  const admission = createAdmission(limits, now);
  let lastRefusalAt = -Infinity;
  const logRefusal = (refusal: Refusal) => {
    const at = now();
    if (at - lastRefusalAt >= QUIET_BEFORE_NEW_EPISODE_MS) {
      const state = admission.state();
      app.log.warn(
        {
          reason: refusal,
          active: state.active,
          waiting: state.waiting,
          queueDelayMs: Math.round(state.queueDelayMs),
        },
        'shedding load: new API requests are refused with 503 until the line moves again',
      );
    }
    lastRefusalAt = at;
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (isExempt(request.url, request.headers.upgrade)) return done();
    const ticket = admission.arrive(done);
    if (typeof ticket === 'string') {
      logRefusal(ticket);
      refuse(reply);
      return;
    }
    // 'close' comes once, whether the answer was sent or the client hung up first (in line, too).
    reply.raw.once('close', ticket.leave);
  });
  return admission;
}

/** The refusal: problem+json with `Retry-After`, the same from the readiness check. */
export function refuse(reply: Parameters<typeof sendProblem>[0]) {
  reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
  return sendProblem(reply, problem(503, 'service_unavailable', { detail: BUSY_DETAIL }));
}
