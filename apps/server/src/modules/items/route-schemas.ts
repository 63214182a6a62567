import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The Fastify instance a route group adds its routes to, typed by the zod contracts. */
export type ItemsApi = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['items'];
export const security = [{ bearer: [] }];
