import { ZExpensesQuery, ZIdParam } from '@household/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export type { RouteApi } from '../../http/route-api';

export const tags = ['expenses'];
export { bearerSecurity as security } from '../../http/route-api';
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
