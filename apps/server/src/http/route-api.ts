import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The Fastify instance a module's route group adds its routes to, typed by the zod contracts: a
 * module's `<domain>.routes.ts` registers its groups, each a function `xRoutes(api, ctx)`.
 */
export type RouteApi = Parameters<FastifyPluginAsyncZod>[0];

/** The OpenAPI security of a route that needs a signed-in user (a bearer access token). */
export const bearerSecurity = [{ bearer: [] }];
