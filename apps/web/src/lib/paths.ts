/**
 * The web app's own routes (spec §2), for links and the router. The API endpoints are each
 * feature's (`features/<name>/api/paths.ts`) or, for those lib/ calls itself, `lib/api-paths.ts`.
 */

type Id = number | string;

export const paths = {
  home: '/',
  lists: '/lists',
  list: (id: Id) => `/lists/${id}`,
  /** Supermarket mode: the list full-screen, for one hand in a shop. */
  listShop: (id: Id) => `/lists/${id}/shop`,
  /** The archived lists tab of the lists page. */
  archivedLists: '/lists?archived=1',
  groups: '/groups',
  group: (id: Id) => `/groups/${id}`,
  /** docs/groups.md: the share link of an invite code opens this page. */
  groupJoin: (code: string) => `/groups/join/${encodeURIComponent(code)}`,
  groupLists: (groupId: Id) => `/groups/${groupId}/lists`,
  /** The group's lists page with the create-list card focused (a group card's New list). */
  groupNewList: (groupId: Id) => `/groups/${groupId}/lists?new=1`,
  groupChores: (groupId: Id) => `/groups/${groupId}/chores`,
  groupExpenses: (groupId: Id) => `/groups/${groupId}/expenses`,
  chores: '/chores',
  expenses: '/expenses',
  account: '/account',
  auth: '/auth',
  login: '/auth/login',
  signup: '/auth/signup',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  verify: '/auth/verify',
  /** The mailed link that lets the browser it is opened in sign in while logins are slowed. */
  unlock: '/auth/unlock',
  /** Mailed to the new address of an email change. */
  confirmEmail: '/auth/confirm-email',
  /** Mailed to the old address of an email change: undoes it and ends every session. */
  undoEmailChange: '/auth/undo-email-change',
  /** Mailed with every notification email; works without signing in. */
  unsubscribe: '/unsubscribe',
} as const;

/** Route patterns for the router, relative to their layout (spec §2). */
export const routePatterns = {
  lists: 'lists',
  list: 'lists/:id',
  /** Outside the main layout: supermarket mode hides the navigation. */
  listShop: '/lists/:id/shop',
  groups: 'groups',
  group: 'groups/:id',
  groupJoin: 'groups/join/:code',
  groupLists: 'groups/:groupId/lists',
  groupChores: 'groups/:groupId/chores',
  groupExpenses: 'groups/:groupId/expenses',
  chores: 'chores',
  expenses: 'expenses',
  account: 'account',
  login: 'login',
  signup: 'signup',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  verify: 'verify',
  unlock: 'unlock',
  confirmEmail: 'confirm-email',
  undoEmailChange: 'undo-email-change',
} as const;

/**
 * spec §2: only /auth/login and /auth/signup send a signed-in user away. (/auth/callback, which
 * took tokens from its URL, is gone: docs/decisions.md "No sign-in from a link's tokens".)
 */
const SIGNED_OUT_ONLY_PATHS: readonly string[] = [paths.login, paths.signup];

/**
 * Every path under /auth is reachable without a token (reset and verify links come by mail), and so
 * is the unsubscribe page a notification email links to.
 */
export function isPublicPath(pathname: string): boolean {
  if (pathname.replace(/\/+$/, '') === paths.unsubscribe) return true;
  return pathname === paths.auth || pathname.startsWith(`${paths.auth}/`);
}

export function isSignedOutOnlyPath(pathname: string): boolean {
  return SIGNED_OUT_ONLY_PATHS.includes(pathname.replace(/\/+$/, ''));
}

/**
 * The login page, remembering where to return to (spec §2: every protected path, / included,
 * goes there with the original full path). Signing out passes no path and lands on plain login.
 */
export function loginPath(redirect?: string): string {
  if (!redirect) return paths.login;
  return `${paths.login}?${new URLSearchParams({ redirect }).toString()}`;
}

/**
 * A redirect target is followed only when it is a path on this site: one leading '/', no
 * protocol-relative '//' or '/\' (which browsers read as another host), no auth entry page.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  const base = 'http://same.site';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || isSignedOutOnlyPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a signed-in user goes from an auth entry page: the `redirect` query, else home. */
export function redirectTarget(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect')) ?? paths.home;
}
