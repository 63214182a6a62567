import { API_PREFIX, PROBLEM_CONTENT_TYPE } from '@household/contracts';
import type { Operation, ResourceKind } from './openapi';
import type { NamedId } from './requests';
import type { ResourcePool } from './seed';
import type { Answer } from './transport';

/**
 * The batch catch-up leaves out the lists the caller cannot see (docs/api.md "Text and ids"), so
 * a foreign id answers a 2xx by design; the answer must still list none of them. A `group_id`
 * filter naming a foreign group is 404 like every other way of naming it, so it is not here.
 */
export const FILTERING_READS: Record<string, ResourceKind> = {
  [`GET ${API_PREFIX}/lists/statuses`]: 'list',
};

/** Phase 1: what the outsider must never reach or see. */
export interface ForeignCheck {
  pool: ResourcePool;
  markers: string[];
}

/** Everything wrong with one answer; an empty list is a pass. */
export function violationsOf(
  operation: Operation,
  answer: Answer,
  namedIds: NamedId[],
  foreign: ForeignCheck | null,
): string[] {
  const violations: string[] = [];
  if (answer.status === 0)
    return [`no answer: the connection closed without a response (${answer.body})`];
  if (answer.status >= 500) violations.push(`server error ${answer.status}`);
  if (answer.status >= 400) violations.push(...problemViolations(answer));
  if (!foreign) return violations;

  const isSuccess = answer.status >= 200 && answer.status < 300;
  const foreignNamed = namedIds.find(({ kind, id }) => foreign.pool[kind]?.includes(id));
  const filteredKind = FILTERING_READS[operation.key];
  if (isSuccess && foreignNamed && !filteredKind) {
    violations.push(
      `answered ${answer.status} to an outsider naming the member's ${foreignNamed.kind} ${foreignNamed.id}`,
    );
  }
  if (isSuccess && filteredKind) {
    const shown = listedIds(answer.body).filter((id) => foreign.pool[filteredKind]?.includes(id));
    if (shown.length > 0) violations.push(`lists the member's ${filteredKind} ${shown.join(', ')}`);
  }
  const marker = foreign.markers.find((text) => answer.body.includes(text));
  if (marker) violations.push(`the answer shows the member's data (${marker})`);
  return violations;
}

/** RFC 9457 as docs/api.md states it: the media type, and type, title, status and code. */
export function problemViolations(answer: Answer): string[] {
  const excerpt = answer.body.length > 200 ? `${answer.body.slice(0, 200)}…` : answer.body;
  if (!answer.contentType.startsWith(PROBLEM_CONTENT_TYPE)) {
    const type = answer.contentType || 'no content type';
    return [`error ${answer.status} is ${type}, not ${PROBLEM_CONTENT_TYPE}: ${excerpt}`];
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [`error ${answer.status} has a body that is not JSON: ${excerpt}`];
  }
  const problem = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  const violations = (['type', 'title', 'code'] as const)
    .filter((member) => typeof problem[member] !== 'string' || problem[member] === '')
    .map((member) => `error ${answer.status} has no ${member}`);
  if (problem.status !== answer.status) {
    violations.push(`error ${answer.status} says status ${JSON.stringify(problem.status)}`);
  }
  return violations;
}

function listedIds(body: string): number[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as { id?: unknown }).id === 'number'
        ? [(entry as { id: number }).id]
        : [],
    );
  } catch {
    return [];
  }
}
