import { sharedApiPaths } from '../../../lib/api-paths';

/** The endpoints the auth pages call, relative to `${api_url}/api/v1` (spec §7). */
export const apiPaths = {
  register: sharedApiPaths.register,
  login: sharedApiPaths.login,
  guest: sharedApiPaths.guest,
  logout: sharedApiPaths.logout,
  me: sharedApiPaths.me,
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  verify: '/auth/verify',
  unlockRequest: '/auth/unlock-request',
  unlock: '/auth/unlock',
} as const;
