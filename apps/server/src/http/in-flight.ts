import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no route handler is running (or after `timeoutMs`); for a clean shutdown. */
    whenIdle(timeoutMs: number): Promise<void>;
  }
}

/**
 * Counts route handlers that are still at work. Closing the server waits for open connections,
 * but a handler whose client hung up (say, mid-way through a password hash) goes on without one;
 * shutdown must let it finish before the database closes under it.
 */
export function trackInFlight(app: FastifyInstance): void {
  const running = new Set<string>();
  app.addHook('preHandler', async (request) => {
    // A WebSocket upgrade is hijacked: no onSend or onResponse ever follows, and the websocket
    // plugin closes the connection itself on shutdown.
    if (request.raw.headers.upgrade) return;
    running.add(request.id);
  });
  const done = async (request: { id: string }) => {
    running.delete(request.id);
  };
  app.addHook('onSend', done);
  app.addHook('onResponse', done);

  app.decorate('whenIdle', async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (running.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
}
