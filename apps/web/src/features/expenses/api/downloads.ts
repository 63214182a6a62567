import type { ApiClient } from '../../../lib/api-client';
import { apiPaths } from './paths';
import { type ReportRange } from './keys';
import { saveTextFile } from '../../../lib/download';

// Downloads go through the API client, so the bearer token goes along.

const asText = (body: unknown) => (typeof body === 'string' ? body : '');

/** GET /reports?format=csv for the range, saved as a file. */
export async function downloadReportCsv(api: ApiClient, range: ReportRange) {
  const body = await api.get<unknown>(apiPaths.reports, {
    query: { group_id: range.groupId, from: range.from, to: range.to, format: 'csv' },
  });
  const parts = ['report', range.groupId === null ? 'mine' : `group-${range.groupId}`];
  if (range.from) parts.push(`from-${range.from}`);
  if (range.to) parts.push(`to-${range.to}`);
  saveTextFile(asText(body), `${parts.join('-')}.csv`);
}

/** GET /groups/{id}/expenses/export: the group's expenses and payments in Splitwise's layout. */
export async function downloadGroupExport(api: ApiClient, groupId: number) {
  const body = await api.get<unknown>(apiPaths.groupExport(groupId));
  saveTextFile(asText(body), `group-${groupId}-expenses.csv`);
}
