/**
 * A few clients reading back to back (a closed loop, no think time), each sending its next read as
 * soon as the last is answered: the 1,000-item list read of issue "Steady service". A client told
 * 503 waits for `Retry-After` (and up to half again), as the web app does. A queue of four is not
 * overload: with four clients nobody may be refused, and more clients may not serve less.
 */
import type { Balancer } from '../lib/balancer';
import { round } from '../lib/cpu';
import { checkInterrupted } from '../lib/load';
import { importList } from '../lib/seed';
import { API, sleep } from '../lib/server';
import { summarize, type Summary } from '../lib/stats';
import type { Household } from './households';

export const CLOSED_LOOP_CLIENTS = [1, 4, 16] as const;
const SECONDS = 15;
const WARM_UP_SECONDS = 3;
const BIG_LIST_ITEMS = 1000;

export interface ClosedLoopRun {
  clients: number;
  seconds: number;
  servedPerSecond: number;
  refused: number;
  errors: number;
  latencyMs: Summary;
  /** Served rate against the one-client rate (target ≥ 0.9). */
  ofOneClient: number | null;
}

async function readUntil(
  balancer: Balancer,
  path: string,
  token: string,
  until: number,
  into: { served: number[]; refused: number; errors: number },
) {
  while (performance.now() < until) {
    const sentAt = performance.now();
    const outcome = await balancer.send({
      method: 'GET',
      path,
      headers: { authorization: `Bearer ${token}` },
      keepBody: false,
    });
    if (outcome.status === 200) into.served.push(outcome.doneAt - sentAt);
    else if (outcome.status === 503) {
      into.refused += 1;
      const seconds = Number(outcome.headers?.['retry-after']) || 1;
      await sleep(seconds * 1000 * (1 + Math.random() / 2));
    } else into.errors += 1;
  }
}

async function closedLoop(balancer: Balancer, path: string, tokens: string[], seconds: number) {
  const tally = { served: [] as number[], refused: 0, errors: 0 };
  const startedAt = performance.now();
  const until = startedAt + seconds * 1000;
  await Promise.all(tokens.map((token) => readUntil(balancer, path, token, until, tally)));
  const elapsed = (performance.now() - startedAt) / 1000;
  return {
    servedPerSecond: round(tally.served.length / elapsed, 1),
    refused: tally.refused,
    errors: tally.errors,
    latencyMs: summarize(tally.served),
  };
}

/** The big list is made in the first household, then read by 1, 4 and 16 of its members. */
export async function runClosedLoops(
  base: string,
  balancer: Balancer,
  household: Household,
  log: (line: string) => void,
): Promise<ClosedLoopRun[]> {
  const list = await importList(
    base,
    household.ownerToken,
    household.groupId,
    'Big shop',
    BIG_LIST_ITEMS,
  );
  const path = `${API}/lists/${list.id}`;
  const tokens = (count: number) =>
    Array.from({ length: count }, (_, i) => household.tokens[i % household.tokens.length]!);
  await closedLoop(balancer, path, tokens(1), WARM_UP_SECONDS);
  const runs: ClosedLoopRun[] = [];
  for (const clients of CLOSED_LOOP_CLIENTS) {
    checkInterrupted();
    await sleep(1000);
    const run = await closedLoop(balancer, path, tokens(clients), SECONDS);
    const oneClient = runs[0]?.servedPerSecond ?? run.servedPerSecond;
    runs.push({
      clients,
      seconds: SECONDS,
      ...run,
      ofOneClient: oneClient > 0 ? round(run.servedPerSecond / oneClient, 2) : null,
    });
    log(
      `closed loop of ${clients}: ${run.servedPerSecond} served/s, ${run.refused} refused, p99 ${run.latencyMs.p99} ms`,
    );
  }
  return runs;
}
