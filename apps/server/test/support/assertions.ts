import { PROBLEM_CONTENT_TYPE, type Problem } from '@household/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';

/** Asserts a problem+json answer with this status and code, and returns its body. */
export function expectProblem(
  response: LightMyRequestResponse,
  status: number,
  code: string,
): Problem {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
  const body = response.json<Problem>();
  expect(body).toMatchObject({ status, code });
  return body;
}

/** Asserts a 400 validation problem that names the field at `path`. */
export function expectInvalidField(response: LightMyRequestResponse, path: string): void {
  const body = expectProblem(response, 400, 'validation_failed');
  expect(body.errors?.map((error) => error.path)).toContain(path);
}

/** Parses with the contract schema and fails when the answer carries anything the schema lacks. */
export function expectShape<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}
