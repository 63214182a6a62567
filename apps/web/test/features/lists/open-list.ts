import type { Category, ListDetail } from '@household/contracts';
import { createFakeApi, jsonResponse } from '../../fake-api';
import { renderApp, signInAs } from '../../render-app';

/** The whole app at a list's page, with the list and its categories on a fake API. */
export function openList(
  detail: ListDetail,
  {
    categories = [],
    path = `/lists/${detail.id}`,
  }: { categories?: Category[]; path?: string } = {},
) {
  const server = createFakeApi();
  signInAs(server);
  server.protectedRoute('GET', `/lists/${detail.id}`, () => jsonResponse(detail));
  server.protectedRoute('GET', '/categories', () => jsonResponse(categories));
  // The page shows the list's expenses too.
  server.protectedRoute('GET', `/lists/${detail.id}/expenses`, () =>
    jsonResponse({ items: [], next_cursor: null, totals: [] }),
  );
  return renderApp(path, server);
}
