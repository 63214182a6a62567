import { ZReportQuery } from '@household/contracts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { currentUser } from '../../http/auth';
import { buildReport, reportCsv, type ReportFilters } from './reports';
import { security, sendCsv, tags, ZIdParams, type RouteApi } from './route-schemas';

/** Spending reports, mine or a group's, as JSON or as CSV. */
export function reportRoutes(api: RouteApi, ctx: AppContext): void {
  const sendReport = async (
    reply: FastifyReply,
    user: UserRow,
    query: ReportFilters & { format: 'json' | 'csv' },
  ) => {
    const report = await buildReport(ctx, user, query);
    if (query.format === 'csv') return sendCsv(reply, 'report.csv', reportCsv(report));
    return reply.send(report);
  };

  api.get('/reports', { schema: { tags, security, querystring: ZReportQuery } }, (request, reply) =>
    sendReport(reply, currentUser(request), request.query),
  );

  /** spec §7 /reports/{id}: the report of one group, the id in the path rather than the query. */
  api.get(
    '/reports/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        querystring: ZReportQuery.omit({ group_id: true }),
      },
    },
    (request, reply) =>
      sendReport(reply, currentUser(request), { ...request.query, group_id: request.params.id }),
  );
}
