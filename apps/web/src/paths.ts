/** Every URL the web app knows: its own routes (spec §2) and the API endpoints it calls (spec §7). */

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
  callback: '/auth/callback',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  verify: '/auth/verify',
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
  callback: 'callback',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  verify: 'verify',
} as const;

/** API endpoints, relative to `${api_url}/api/v1`. */
export const apiPaths = {
  register: '/auth/register',
  login: '/auth/jwt/login',
  guest: '/auth/guest',
  claim: '/auth/claim',
  refresh: '/auth/jwt/refresh',
  logout: '/auth/jwt/logout',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  requestVerifyToken: '/auth/request-verify-token',
  verify: '/auth/verify',
  me: '/users/me',
  password: '/users/password',
  notifications: '/users/notifications',
  preferences: '/users/preferences',
  settings: '/users/settings',
  avatar: '/users/avatar',
  groups: '/groups',
  group: (id: Id) => `/groups/${id}`,
  groupMembers: (id: Id) => `/groups/${id}/members`,
  groupMember: (id: Id, userId: Id) => `/groups/${id}/members/${userId}`,
  groupLeave: (id: Id) => `/groups/${id}/leave`,
  /** The group's one active invite code: GET it, POST a new one, DELETE to revoke it. */
  groupInviteCode: (id: Id) => `/groups/${id}/invites`,
  groupSettings: (id: Id) => `/groups/${id}/settings`,
  groupRoles: (id: Id) => `/groups/${id}/roles`,
  groupRole: (id: Id, role: string) => `/groups/${id}/roles/${role}`,
  groupActivity: (id: Id) => `/groups/${id}/activity`,
  groupJoin: '/groups/join',
  groupJoinPreview: (code: string) => `/groups/join/${encodeURIComponent(code)}`,
  invitations: '/invites',
  invitation: (id: Id) => `/invites/${id}`,
  pendingInvitations: '/invites/pending',
  sentInvitations: '/invites/sent',
  acceptInvitation: (id: Id) => `/invites/accept/${id}`,
  declineInvitation: (id: Id) => `/invites/decline/${id}`,
  revokeInvitation: (id: Id) => `/invites/revoke/${id}`,
  lists: '/lists',
  archivedLists: '/lists/archived',
  list: (id: Id) => `/lists/${id}`,
  listStatus: (id: Id) => `/lists/${id}/status`,
  listStatuses: '/lists/statuses',
  listItems: (id: Id) => `/lists/${id}/items`,
  listItem: (id: Id, itemId: Id) => `/lists/${id}/items/${itemId}`,
  listItemsOrder: (id: Id) => `/lists/${id}/items/order`,
  /** Reviewed items from a photo: a name already on the list updates that item. */
  listItemsMerge: (id: Id) => `/lists/${id}/items/merge`,
  listComplete: (id: Id) => `/lists/${id}/complete`,
  listReopen: (id: Id) => `/lists/${id}/reopen`,
  listArchive: (id: Id) => `/lists/${id}/archive`,
  listUnarchive: (id: Id) => `/lists/${id}/unarchive`,
  listDuplicate: (id: Id) => `/lists/${id}/duplicate`,
  listShare: (id: Id) => `/lists/${id}/share`,
  listUnshare: (id: Id) => `/lists/${id}/unshare`,
  listExport: (id: Id) => `/lists/${id}/export`,
  listImport: '/lists/import',
  item: (id: Id) => `/items/${id}`,
  categories: '/categories',
  category: (id: Id) => `/categories/${id}`,
  listCostSummary: (id: Id) => `/costs/lists/${id}/cost-summary`,
  ocrExtractItems: '/ocr/extract-items',
  ocrBatch: '/ocr/batch',
  ocrStatus: (id: Id) => `/ocr/status/${id}`,
  ocrResult: (id: Id) => `/ocr/result/${id}`,
  ocrCancel: (id: Id) => `/ocr/cancel/${id}`,
  ocrHistory: '/ocr/history',
  groupLists: (id: Id) => `/groups/${id}/lists`,
  expenses: '/expenses',
  expense: (id: Id) => `/expenses/${id}`,
  settleSplit: (expenseId: Id, splitId: Id) => `/expenses/${expenseId}/splits/${splitId}/settle`,
  groupExpenses: (id: Id) => `/groups/${id}/expenses`,
  listExpenses: (id: Id) => `/lists/${id}/expenses`,
  chores: '/chores',
  chore: (id: Id) => `/chores/${id}`,
  choreComplete: (id: Id) => `/chores/${id}/complete`,
  choreUndo: (id: Id) => `/chores/${id}/undo`,
  choreHistory: (id: Id) => `/chores/${id}/history`,
  choreAssignments: (id: Id) => `/chores/${id}/assignments`,
  /** The caller's own assignments ("My assigned chores"). */
  myAssignments: '/chores/assignments',
  assignment: (id: Id) => `/chores/assignments/${id}`,
  assignmentTimeEntries: (id: Id) => `/chores/assignments/${id}/time-entries`,
  timeEntry: (id: Id) => `/chores/time-entries/${id}`,
  groupChores: (id: Id) => `/groups/${id}/chores`,
  groupChoreHistory: (id: Id) => `/groups/${id}/chores/history`,
  generateSchedule: (id: Id) => `/groups/${id}/chores/generate-schedule`,
  calendarFeed: '/chores/calendar-feed',
  calendarFeedReset: '/chores/calendar-feed/reset',
  /** The in-app notifications (`notifications` above is the spec §3 preferences). */
  notificationsList: '/notifications',
  notificationRead: (id: Id) => `/notifications/${id}/read`,
  notificationsReadAll: '/notifications/read-all',
  notificationSettings: '/notifications/settings',
  unsubscribe: '/notifications/unsubscribe',
  pushPublicKey: '/push/public-key',
  pushSubscriptions: '/push/subscriptions',
  pushSubscription: (id: Id) => `/push/subscriptions/${id}`,
} as const;

/** spec §2: only /auth/login, /auth/signup and /auth/callback send a signed-in user away. */
const SIGNED_OUT_ONLY_PATHS: readonly string[] = [paths.login, paths.signup, paths.callback];

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
