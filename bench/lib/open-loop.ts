/**
 * Open-loop pacing: requests start at a fixed rate whatever the answers take, as independent
 * users would send them, so a slow server meets a growing queue instead of a politely waiting
 * client (closed-loop tools such as autocannon's connections hide that). Latency is counted from
 * when each request was due, so a stalled load generator does not hide its backlog either.
 */
const TICK_MS = 2;

/**
 * Calls `fire(dueAt)` `rate` times a second for `durationMs`, or until `stop()` says so; resolves
 * with how many it fired once the last was due.
 */
export function paced(
  rate: number,
  durationMs: number,
  fire: (dueAt: number) => void,
  stop: () => boolean,
): Promise<number> {
  const total = Math.floor((rate * durationMs) / 1000);
  const intervalMs = 1000 / rate;
  const startedAt = performance.now();
  let fired = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - startedAt) / intervalMs) + 1);
      while (fired < due) fire(startedAt + fired++ * intervalMs);
      if (fired >= total || stop()) {
        clearInterval(timer);
        resolve(fired);
      }
    };
    const timer = setInterval(tick, TICK_MS);
    tick();
  });
}
