export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** 1 s doubling to 30 s, each delay drawn between half and all of it so tabs do not return together. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The next attempt to connect: one waits at a time, each after a longer backoff than the last,
 * until a connection is ready and `reset` starts the backoff over.
 */
export function createReconnectTimer(random: () => number) {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    get isWaiting() {
      return timer !== null;
    },
    schedule(connect: () => void) {
      const delayMs = reconnectDelayMs(attempt, random);
      attempt += 1;
      timer = setTimeout(() => {
        timer = null;
        connect();
      }, delayMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
    reset() {
      attempt = 0;
    },
  };
}
