import { matchPath } from 'react-router';
import { apiPaths as listApiPaths } from '../features/lists/api/paths';
import type { ApiClient } from '../lib/api-client';
import { sharedApiPaths } from '../lib/api-paths';
import { isPublicPath, paths } from '../lib/paths';

/** The list pages, the ones a person opens every day, standing in a shop (issue 25). */
const LIST_PAGES = [paths.list(':id'), paths.listShop(':id')];

/**
 * The reads the first page will make, by its path: the current user for every signed-in page,
 * and a list page's list. Started as soon as the API's address is known, they travel while the
 * page's code downloads instead of after it has run; the page's own reads then take their answers
 * (`ApiClient.readEarly`). On a phone on a slow network this takes round trips off the time until
 * the list shows.
 */
export function earlyReadsFor(pathname: string): string[] {
  if (isPublicPath(pathname)) return [];
  const reads: string[] = [sharedApiPaths.me];
  for (const pattern of LIST_PAGES) {
    const id = matchPath(pattern, pathname)?.params.id;
    if (id && /^[1-9]\d{0,15}$/.test(id)) reads.push(listApiPaths.list(id));
  }
  return reads;
}

export function startEarlyReads(api: Pick<ApiClient, 'readEarly'>, pathname: string): void {
  for (const path of earlyReadsFor(pathname)) api.readEarly(path);
}
