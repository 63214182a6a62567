import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import { exportFilename, exportUserData, ZFullDataExport } from './data-export';
import { security, tags, type RouteApi } from './route-schemas';

/** "Download my data": one JSON file the browser saves. */
export function dataExportRoutes(me: RouteApi, ctx: AppContext): void {
  me.get(
    '/users/me/export',
    {
      schema: {
        tags,
        security,
        description: 'Download my data: everything the caller owns or shares, as one JSON file.',
        response: { 200: ZFullDataExport },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await exportUserData(ctx, user);
      const filename = exportFilename(new Date(data.exported_at), user.timezone);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
}
