import { sharedApiPaths } from '../../../lib/api-paths';

/** The endpoints of my account, relative to `${api_url}/api/v1` (spec §7). */
export const apiPaths = {
  me: sharedApiPaths.me,
  /** GET: everything stored about me, as a file (spec §3 data export). */
  dataExport: `${sharedApiPaths.me}/export`,
  claim: '/auth/claim',
  requestVerifyToken: '/auth/request-verify-token',
  password: '/users/password',
  avatar: '/users/avatar',
  settings: '/users/settings',
  notifications: '/users/notifications',
  preferences: sharedApiPaths.preferences,
} as const;
