import type { List } from '@household/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { saveTextFile } from '../../../lib/download';
import { apiPaths } from './paths';

export type ExportFormat = 'csv' | 'json';

/** GET /lists/{id}/export as a file the browser saves. */
export async function downloadListExport(api: ApiClient, list: List, format: ExportFormat) {
  const body = await api.get<unknown>(apiPaths.listExport(list.id), { query: { format } });
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  const type = format === 'csv' ? 'text/csv' : 'application/json';
  const filename = `${list.name.replace(/[\\/:*?"<>|]+/g, '_') || 'list'}.${format}`;
  saveTextFile(text, filename, type);
}
