import type { AppContext } from '../../context';

export type { RouteApi } from '../../http/route-api';

export const tags = ['auth'];
export { bearerSecurity as security } from '../../http/route-api';

/**
 * Per-IP limits on the endpoints an attacker would hammer (issue 2 §3); per-account limits are in
 * the service, in the database, so they hold across processes.
 */
export function perIpRateLimit(ctx: AppContext) {
  return { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
}
