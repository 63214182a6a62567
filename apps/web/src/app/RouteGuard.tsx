import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSigningOut, useSession } from '../lib/session';
import { isPublicPath, isSignedOutOnlyPath, loginPath, redirectTarget } from '../lib/paths';

/**
 * spec §2 route guard: /auth pages are public; every other path needs a token and otherwise
 * goes to the login page, which remembers the full original path. A signed-in user on the
 * login, sign-up or callback page moves on to the `redirect` query, else to /.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search, hash, state } = useLocation();
  const { isAuthenticated } = useSession();

  if (!isAuthenticated && !isPublicPath(pathname)) {
    return <Navigate to={loginPath(`${pathname}${search}${hash}`)} replace />;
  }
  if (isAuthenticated && isSignedOutOnlyPath(pathname) && !isSigningOut(state)) {
    return <Navigate to={redirectTarget(search)} replace />;
  }
  return children;
}
