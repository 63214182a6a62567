import { monitorEventLoopDelay } from 'node:perf_hooks';
import { API_PREFIX } from '@household/contracts/limits';
import type { FastifyInstance } from 'fastify';
import { problem, sendProblem } from './problem';

/** What a client is told to wait before sending again a request the server was too busy for. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** How often the event loop's delay is read; the decision uses the mean of the last period. */
const DELAY_SAMPLE_MS = 500;

export interface LoadLimits {
  /** API requests this process works on at once. */
  maxConcurrentRequests: number;
  /** Mean event-loop delay over the last half second past which new API requests are refused. */
  maxEventLoopDelayMs: number;
}

/**
 * Past what this process can serve, answer the excess at once with 503 and `Retry-After` instead of
 * queueing it. Without a bound, a backlog longer than the clients' patience made every answer come
 * too late while the server went on working for clients that had given up (bench/README.md
 * "Soak"). Two signals, because the backlog builds in two places:
 * - requests in progress: on PostgreSQL they wait for pooled connections inside the process;
 * - the event loop's delay: the embedded database runs queries on this thread, one after another,
 *   and while it works new requests are not even read; they wait in the sockets, unseen by a count.
 * Refusing as a request arrives keeps the refusal cheap: no token check, no body, no database.
 * Health checks and WebSocket upgrades are never refused here.
 */
export function shedExcessLoad(app: FastifyInstance, limits: LoadLimits): void {
  let inProgress = 0;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let delayMs = 0;
  const sampler = setInterval(() => {
    // The histogram counts the sampling timer's own resolution as delay.
    delayMs = Math.max(0, delay.mean / 1e6 - 10);
    delay.reset();
  }, DELAY_SAMPLE_MS);
  sampler.unref();
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    delay.disable();
  });

  const exempt = (url: string, upgrade: string | undefined) =>
    upgrade !== undefined ||
    !url.startsWith(`${API_PREFIX}/`) ||
    url.startsWith(`${API_PREFIX}/health`);

  app.addHook('onRequest', (request, reply, done) => {
    if (exempt(request.url, request.headers.upgrade)) return done();
    if (inProgress >= limits.maxConcurrentRequests || delayMs > limits.maxEventLoopDelayMs) {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      sendProblem(
        reply,
        problem(503, 'service_unavailable', { detail: 'The server is busy; try again shortly' }),
      );
      return;
    }
    inProgress += 1;
    // 'close' comes once, whether the answer was sent or the client hung up first.
    reply.raw.once('close', () => {
      inProgress -= 1;
    });
    done();
  });
}
