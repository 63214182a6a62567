import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** The Fastify instance a route group adds its routes to, typed by the zod contracts. */
export type AuthApi = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['auth'];
export const security = [{ bearer: [] }];

/**
 * Per-IP limits on the endpoints an attacker would hammer (issue 2 §3); per-account limits are in
 * the service, in the database, so they hold across processes.
 */
export function perIpRateLimit(ctx: AppContext) {
  return { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
}
