import { ZIdParam } from '@household/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance the group routes are declared on, typed by their zod schemas. */
export type RouteApi = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['groups'];
export const security = [{ bearer: [] }];
export const ZGroupParams = z.object({ id: ZIdParam });
export const noContent = { 204: z.null() };
