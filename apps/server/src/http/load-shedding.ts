import { performance } from 'node:perf_hooks';
import { API_PREFIX } from '@household/contracts/limits';
import type { FastifyInstance } from 'fastify';
import { problem, sendProblem } from './problem';

/** What a client is told to wait before sending again a request the server was too busy for. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** How often the event loop's utilisation is read; the decision uses the last period's. */
const UTILIZATION_SAMPLE_MS = 500;

export interface LoadLimits {
  /** API requests this process works on at once. */
  maxConcurrentRequests: number;
  /**
   * Share of the last half second the event loop was busy (0 to 1) past which new API requests
   * are refused.
   */
  maxEventLoopUtilization: number;
}

/**
 * Past what this process can serve, answer the excess at once with 503 and `Retry-After` instead of
 * queueing it. Without a bound, a backlog longer than the clients' patience made every answer come
 * too late while the server went on working for clients that had given up (bench/README.md
 * "Soak"). Two signals, because the backlog builds in two places:
 * - requests in progress: on PostgreSQL they wait for pooled connections inside the process;
 * - the event loop's utilisation: the embedded database runs queries on this thread, one after
 *   another, and while it works new requests are not even read; they wait in the sockets, unseen
 *   by a count, while the loop is busy all the time. Utilisation rather than the loop's delay: a
 *   delay also grows when other programs on the machine take the CPU from an idle server.
 * Refusing as a request arrives keeps the refusal cheap: no token check, no body, no database.
 * Health checks and WebSocket upgrades are never refused here.
 */
export function shedExcessLoad(app: FastifyInstance, limits: LoadLimits): void {
  let inProgress = 0;
  let utilization = 0;
  let lastReading = performance.eventLoopUtilization();
  const sampler = setInterval(() => {
    const reading = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(reading, lastReading).utilization;
    lastReading = reading;
  }, UTILIZATION_SAMPLE_MS);
  sampler.unref();
  app.addHook('onClose', async () => clearInterval(sampler));

  const exempt = (url: string, upgrade: string | undefined) =>
    upgrade !== undefined ||
    !url.startsWith(`${API_PREFIX}/`) ||
    url.startsWith(`${API_PREFIX}/health`);

  app.addHook('onRequest', (request, reply, done) => {
    if (exempt(request.url, request.headers.upgrade)) return done();
    if (
      inProgress >= limits.maxConcurrentRequests ||
      utilization > limits.maxEventLoopUtilization
    ) {
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
