import { ZIdParam } from '@household/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance the list routes are declared on, typed by their zod schemas. */
export type RouteApi = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['lists'];
export const security = [{ bearer: [] }];
export const ZListParams = z.object({ id: ZIdParam });
