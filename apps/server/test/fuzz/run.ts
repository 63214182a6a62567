import { API_PREFIX, type TokenPair } from '@household/contracts';
import fc from 'fast-check';
import type { App } from '../../src/app';
import { login, type TestUser } from '../support/factories';
import { problemViolations, violationsOf, type ForeignCheck } from './checks';
import {
  describeCase,
  foreignIdCases,
  hasVersionField,
  nastyCases,
  randomCaseArbitrary,
  type FuzzCase,
} from './openapi-cases';
import type { Operation } from './openapi';
import { buildRequest, type CaseContext, type WireRequest } from './requests';
import { seedResources, type Account, type ResourcePool, type World } from './seed';
import { send, type Answer } from './transport';
import type { Owner } from './values';

/** The fixed seed of `npm test`, so that CI sends the same cases every time. */
export const DEFAULT_SEED = 20_250_601;

export type PhaseName = 'outsider' | 'member';

/**
 * A phase: who sends the cases, whose ids they name, and what must hold.
 * - `outsider` (phase 1): B sends every variant, naming A's ids; nothing of A's may change.
 * - `member` (phase 2): A sends every variant at fresh target resources of A's; A's resources
 *   from before the run (the canary) are never named and must not change.
 */
export interface Phase {
  name: PhaseName;
  caller: Account;
  operations: Operation[];
  knownCases(operation: Operation): FuzzCase[];
  owners: Owner[];
  /** Ids for `foreign` refs; fixed for the phase. */
  foreignPool: ResourcePool;
  /** Ids for `own` refs; fresh before every operation that writes. */
  ownPool: ResourcePool;
  reseed(): Promise<ResourcePool>;
  foreignCheck: ForeignCheck | null;
  /** Cases naming any of these are not sent. */
  canary: ResourcePool | null;
  /**
   * Who reads a resource's current version for an update. In phase 1 the member reads their
   * own, so the outsider's update is valid in every way but one: who sends it.
   */
  versionReaders: Account[];
}

/**
 * Operations on the caller's own account change how the member appears in every read (name,
 * avatar, a personal list's currency), so phase 2 leaves them out: phase 1 fuzzes them on the
 * outsider's own account, with every known nasty value.
 */
export const isAccountOperation = (operation: Operation) =>
  operation.path.startsWith(`${API_PREFIX}/users/`);

export function phasesOf(app: App, world: World, operations: Operation[]): Phase[] {
  const ordered = runOrder(operations);
  let reseeds = 0;
  const freshResources = async (owner: TestUser, label: string): Promise<ResourcePool> => {
    reseeds += 1;
    return seedResources(app, owner, world.invitee, `${label} ${reseeds}`);
  };
  const { code: _secret, ...memberIds } = world.memberResources;
  const { user: _user, ...canary } = world.memberResources;
  const outsider: Phase = {
    name: 'outsider',
    caller: world.outsider,
    operations: ordered,
    knownCases: (operation) => [
      ...foreignIdCases(operation),
      ...(isAccountOperation(operation) ? nastyCases(operation) : []),
    ],
    owners: ['foreign', 'own'],
    // An invite code is a shared secret that lets whoever holds it join, by design: the
    // outsider is never given the member's.
    foreignPool: memberIds,
    ownPool: {},
    reseed: () => freshResources(world.outsider, 'Outsider'),
    foreignCheck: { pool: memberIds, markers: world.memberMarkers },
    canary: null,
    versionReaders: [world.outsider, world.member],
  };
  const member: Phase = {
    name: 'member',
    caller: world.member,
    operations: ordered.filter((operation) => !isAccountOperation(operation)),
    knownCases: nastyCases,
    owners: ['own'],
    foreignPool: {},
    ownPool: {},
    reseed: async () => {
      const targets = await freshResources(world.member, 'Target');
      return { ...targets, user: [world.member.user.id, world.invitee.user.id] };
    },
    foreignCheck: null,
    canary,
    versionReaders: [world.member],
  };
  return [outsider, member];
}

/** Reads first, then writes: each write starts from fresh resources of the caller's. */
export function runOrder(operations: Operation[]): Operation[] {
  return [
    ...operations.filter((operation) => operation.method === 'GET'),
    ...operations.filter((operation) => operation.method !== 'GET'),
  ];
}

export interface Failure {
  phase: PhaseName;
  operation: string;
  seed: number;
  caseIndex: number;
  description: string;
  case: FuzzCase;
  request: WireRequest;
  answer: Answer;
  violations: string[];
}

export interface OperationReport {
  phase: PhaseName;
  operation: string;
  cases: number;
  /** Cases not sent because they named a canary resource. */
  skipped: number;
  statuses: Record<number, number>;
  serverErrors: number;
  errors: number;
  problemErrors: number;
  failures: Failure[];
}

/** The operation's cases in a phase: the known nasty set, then `runs` random ones. */
function casesFor(phase: Phase, operation: Operation, seed: number, runs: number): FuzzCase[] {
  const known = phase.knownCases(operation);
  if (runs <= 0) return known;
  const random = fc.sample(randomCaseArbitrary(operation, phase.owners), {
    seed: operationSeed(seed, phase.name, operation.key),
    numRuns: runs,
  });
  return [...known, ...random];
}

/** Each operation draws from its own seed, so adding a route does not change the others' cases. */
function operationSeed(seed: number, phase: PhaseName, key: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${phase} ${key}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  }
  return (hash ^ seed) | 0;
}

export async function fuzzOperation(
  app: App,
  phase: Phase,
  operation: Operation,
  seed: number,
  runs: number,
): Promise<OperationReport> {
  if (operation.method !== 'GET' || Object.keys(phase.ownPool).length === 0) {
    phase.ownPool = await phase.reseed();
  }
  const report: OperationReport = {
    phase: phase.name,
    operation: operation.key,
    cases: 0,
    skipped: 0,
    statuses: {},
    serverErrors: 0,
    errors: 0,
    problemErrors: 0,
    failures: [],
  };
  const cases = casesFor(phase, operation, seed, runs);
  for (const [caseIndex, fuzzCase] of cases.entries()) {
    const outcome = await sendCase(app, phase, operation, fuzzCase);
    if (!outcome) {
      report.skipped += 1;
      continue;
    }
    const { request, answer, violations } = outcome;
    report.cases += 1;
    report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
    if (answer.status >= 500 || answer.status === 0) report.serverErrors += 1;
    if (answer.status >= 400 || answer.status === 0) {
      report.errors += 1;
      if (problemViolations(answer).length === 0) report.problemErrors += 1;
    }
    if (violations.length > 0) {
      report.failures.push({
        phase: phase.name,
        operation: operation.key,
        seed,
        caseIndex,
        description: describeCase(fuzzCase),
        case: fuzzCase,
        request,
        answer: { ...answer, body: answer.body.slice(0, 2000) },
        violations,
      });
    }
  }
  return report;
}

/** Sends one case and judges the answer; `null` when the case would name a canary resource. */
export async function sendCase(
  app: App,
  phase: Phase,
  operation: Operation,
  fuzzCase: FuzzCase,
): Promise<{ request: WireRequest; answer: Answer; violations: string[] } | null> {
  const context: CaseContext = {
    pools: { foreign: phase.foreignPool, own: phase.ownPool },
    defaultOwner: phase.owners[0] ?? 'own',
    credentials: phase.caller.credentials,
  };
  let built = buildRequest(operation, fuzzCase, context);
  if (phase.canary && built.namedIds.some(({ kind, id }) => phase.canary?.[kind]?.includes(id))) {
    return null;
  }
  if (hasVersionField(operation)) {
    const currentVersion = await readVersion(app, built.request.url, phase.versionReaders);
    built = buildRequest(operation, fuzzCase, { ...context, currentVersion });
  }
  const { request, namedIds } = built;
  const answer = await send(app, request);
  if (SESSION_ENDING.has(operation.key) && answer.status < 300)
    await renewSession(app, phase.caller);
  return {
    request,
    answer,
    violations: violationsOf(operation, answer, namedIds, phase.foreignCheck),
  };
}

/** Operations that end the caller's own session, access token included (docs/multi-process.md). */
const SESSION_ENDING = new Set([`POST ${API_PREFIX}/auth/jwt/logout`]);

/**
 * The run goes on as the same person after they log in again: the new token replaces the old one
 * everywhere the caller's requests take it from.
 */
async function renewSession(app: App, caller: Account): Promise<void> {
  const response = await login(app, caller.email, caller.password);
  if (response.statusCode !== 200) {
    throw new Error(`logging in again failed: ${response.statusCode} ${response.body}`);
  }
  const tokens = response.json<TokenPair>();
  caller.tokens = tokens;
  caller.auth.authorization = `Bearer ${tokens.access_token}`;
  caller.credentials.token = tokens.access_token;
}

/** The version a read of the same path shows to the first reader who may see it. */
async function readVersion(app: App, url: string, readers: Account[]): Promise<number | undefined> {
  const [path = ''] = url.split('?');
  for (const reader of readers) {
    const response = await app.inject({ method: 'GET', url: path, headers: reader.auth });
    if (response.statusCode !== 200) continue;
    const version = (response.json() as { version?: unknown }).version;
    if (typeof version === 'number') return version;
  }
  return undefined;
}

/** The failure message of a test: every failing case, and how to run the same cases again. */
export function describeFailures(report: OperationReport, seed: number, runs: number): string {
  const shown = report.failures
    .slice(0, 25)
    .map(
      (failure) =>
        `- #${failure.caseIndex} ${failure.description}\n    → ${failure.answer.status} ${failure.answer.contentType}: ${failure.violations.join('; ')}`,
    );
  const more = report.failures.length - shown.length;
  return [
    `${report.failures.length} of ${report.cases} cases failed for ${report.operation} (${report.phase}); seed ${seed}: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} sends the same cases`,
    ...shown,
    ...(more > 0 ? [`… and ${more} more`] : []),
  ].join('\n');
}
