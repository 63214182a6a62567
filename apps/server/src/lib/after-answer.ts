/**
 * Work a route starts once its answer is on its way (docs/decisions.md "Constant-time answers"):
 * mails and lookups whose cost would otherwise tell, by the answer's timing, whether an address
 * has an account. A failure is logged, never lost silently; closing the app waits for the rest.
 */
export interface AfterAnswer {
  /** Starts `task` after the current answer has been written. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has ended (tests, shutdown). */
  idle(): Promise<void>;
}

export function createAfterAnswer(log: {
  error: (data: object, message: string) => void;
}): AfterAnswer {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      // A macrotask: the reply's write, queued as microtasks by the handler, goes out first.
      const started = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: name }, 'work after an answer failed'),
        )
        .finally(() => running.delete(started));
      running.add(started);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests wait on it after a request whose work continues after the answer. */
    afterAnswer: AfterAnswer;
  }
}
