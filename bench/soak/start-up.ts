/**
 * What a new user sends right after `npm start`, once the health check answers: the API document,
 * a sign-up, a guest sign-in, a request without a token and an unknown path, four times over, one
 * after the other. A server that has just started is idle: not one may be refused.
 */
import { randomBytes } from 'node:crypto';
import { countInto } from './workload';
import { API } from '../lib/server';

const ROUNDS = 4;

export interface StartUpRun {
  sent: number;
  refused: number;
  statuses: Record<string, number>;
}

export async function firstRequests(base: string): Promise<StartUpRun> {
  const statuses: Record<string, number> = {};
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${API}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    countInto(statuses, String(response.status));
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    await send('GET', '/openapi.json');
    await send('POST', '/auth/register', {
      name: 'First User',
      email: `first-${randomBytes(6).toString('hex')}@example.com`,
      password: `first-${randomBytes(12).toString('base64url')}`,
    });
    await send('POST', '/auth/guest');
    await send('GET', '/users/me');
    await send('GET', '/no-such-thing');
  }
  return {
    sent: ROUNDS * 5,
    refused: statuses['503'] ?? 0,
    statuses,
  };
}
