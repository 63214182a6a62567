import { flushSync } from 'react-dom';
import { RouterProvider, type DataRouter } from 'react-router';

/**
 * The router with ReactDOM's flushSync, so a navigation can ask to be on screen before the next
 * state change (signing out, see useSignOut). `react-router/dom` does the same, but loads a second
 * copy of the router under Node, which the tests run on.
 */
export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />;
}
