import { ZIdParam } from '@household/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance a route group adds its routes to, typed by the zod contracts. */
export type NotificationsApi = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['notifications'];
export const security = [{ bearer: [] }];
export const idParams = z.object({ id: ZIdParam });
