import type { TestApp } from '../support/test-app';
import { buildUser } from '../support/factories';
import { setTimeout as sleep } from 'node:timers/promises';
import { violationsOf } from './checks';
import { isAccountOperation } from './run';
import type { Operation } from './openapi';
import { buildRequest, type WireRequest } from './requests';
import { credentialsFor } from './seed';
import { send, type Answer } from './transport';

/**
 * The password every request of the fuzzer sends where the contract asks for one (requests.ts):
 * the accounts of this phase have it, so a deletion or a password change gets past its check.
 */
const BASELINE_PASSWORD = 'fuzz password 1';
const BASELINE_EMAIL = 'fuzz@example.test';
const STAGGER_STEP_MS = 23;
const STAGGER_SPAN_MS = 100;

export interface RaceFailure {
  pair: string;
  round: number;
  request: WireRequest;
  answer: Answer;
  violations: string[];
}

/** Every unordered pair of the account's writes, each with itself too. */
export function accountWritePairs(operations: Operation[]): [Operation, Operation][] {
  const writes = operations.filter(
    (operation) => isAccountOperation(operation) && operation.method !== 'GET',
  );
  return writes.flatMap((first, index) =>
    writes.slice(index).map((second): [Operation, Operation] => [first, second]),
  );
}

/**
 * Phase 3 (docs/fuzz.md "Races"): two writes to one account sent at the same instant (an email
 * change and the deletion of the account, a password change and an avatar upload), on a fresh
 * account each round, as the web app of two devices might. Valid requests, so that both get past
 * their checks and meet in the database: no answer may be a 5xx, and every error is problem+json.
 */
export async function raceAccountWrites(
  testApp: TestApp,
  pair: [Operation, Operation],
  rounds: number,
): Promise<RaceFailure[]> {
  const failures: RaceFailure[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const account = await buildUser(testApp.app, { password: BASELINE_PASSWORD });
    const credentials = await credentialsFor(testApp, account);
    const requests = pair.map((operation, side) => {
      const { request } = buildRequest(
        operation,
        { operation: operation.key, mutations: [], transport: 'inject' },
        {
          pools: { own: { user: [account.user.id] }, foreign: {} },
          defaultOwner: 'own',
          credentials,
        },
      );
      // Each email change names an address of its own: a taken one would stop it before the race.
      const unique = `race-${account.user.id}-${side}@example.test`;
      if (!request.payload) return request;
      return {
        ...request,
        payload: {
          ...request.payload,
          text: request.payload.text.replaceAll(BASELINE_EMAIL, unique),
        },
      };
    });
    // Round by round the second request starts a little later, so that the two meet at different
    // points of each other's work (one checks a password for tens of milliseconds first).
    const staggerMs = (round * STAGGER_STEP_MS) % STAGGER_SPAN_MS;
    const answers = await Promise.all(
      requests.map(async (request, side) => {
        if (side === 1 && staggerMs > 0) await sleep(staggerMs);
        return send(testApp.app, request);
      }),
    );
    answers.forEach((answer, side) => {
      // The checks of every fuzzed answer; no foreign ids here, the account is the caller's own.
      const violations = violationsOf(pair[side]!, answer, [], null);
      if (violations.length === 0) return;
      failures.push({
        pair: `${pair[0].key} ‖ ${pair[1].key}`,
        round,
        request: requests[side]!,
        answer: { ...answer, body: answer.body.slice(0, 500) },
        violations,
      });
    });
  }
  return failures;
}
