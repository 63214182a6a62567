import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The Fastify instance a route group adds its routes to, typed by the zod contracts. */
export type UsersApi = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['users'];
export const security = [{ bearer: [] }];
