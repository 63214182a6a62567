import { API_PREFIX } from '@household/contracts/limits';
import type { FastifyInstance } from 'fastify';
import { problem, sendProblem } from './problem';

/** What a client is told to wait before sending again a request the server was too busy for. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Past what this process can serve, answer the excess at once with 503 and `Retry-After` instead of
 * queueing it. Without a bound, a backlog longer than the clients' patience made every answer come
 * too late while the server went on working for clients that had given up (bench/README.md
 * "Soak"). Counting from the moment a request arrives keeps the refusal cheap: no token check, no
 * body parsing, no database. Health checks and WebSocket upgrades are never refused here.
 */
export function shedExcessLoad(app: FastifyInstance, maxConcurrentRequests: number): void {
  let inProgress = 0;
  const exempt = (url: string, upgrade: string | undefined) =>
    upgrade !== undefined ||
    !url.startsWith(`${API_PREFIX}/`) ||
    url.startsWith(`${API_PREFIX}/health`);

  app.addHook('onRequest', (request, reply, done) => {
    if (exempt(request.url, request.headers.upgrade)) return done();
    if (inProgress >= maxConcurrentRequests) {
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
