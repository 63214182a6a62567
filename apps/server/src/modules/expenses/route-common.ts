import { ZExpensesQuery, ZIdParam } from '@household/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance the expense routes are declared on, typed by their zod schemas. */
export type RouteApi = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['expenses'];
export const security = [{ bearer: [] }];
export const ZIdParams = z.object({ id: ZIdParam });
/** The filters of a group's or a list's expenses: those of GET /expenses but the scope. */
export const ZScopedExpensesQuery = ZExpensesQuery.omit({ group_id: true, personal: true });

export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${encodeURIComponent(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .send(body);
}
