import { ZExportQuery, ZImportListBody, ZImportResult } from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { exportList, importList } from './list-import-export';
import { security, tags, ZListParams, type RouteApi } from './route-schemas';

/** A new list from an export or from plain text. */
export function listImportRoutes(api: RouteApi, ctx: AppContext): void {
  api.post(
    '/lists/import',
    { schema: { tags, security, body: ZImportListBody, response: { 201: ZImportResult } } },
    async (request, reply) =>
      reply.status(201).send(await importList(ctx, currentUser(request), request.body)),
  );
}

/** A list as a file to download, in the format asked for. */
export function listExportRoutes(api: RouteApi, ctx: AppContext): void {
  api.get(
    '/lists/:id/export',
    { schema: { tags, security, params: ZListParams, querystring: ZExportQuery } },
    async (request, reply) => {
      const file = await exportList(
        ctx,
        currentUser(request),
        request.params.id,
        request.query.format,
      );
      return reply
        .type(file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${encodeURIComponent(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .send(file.body);
    },
  );
}
