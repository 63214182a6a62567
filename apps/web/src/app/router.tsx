import {
  matchPath,
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useRevealApp } from '../lib/first-paint';
import { loadListTexts, loadPageTexts } from '../lib/i18n';
import { paths, routePatterns as route } from '../lib/paths';
import { NotFoundPage } from './NotFoundPage';
import { RequireNumericParams } from './RequireNumericParams';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteGuard } from './RouteGuard';

/**
 * Every page and layout is a chunk of its own, fetched the first time its route matches: a page
 * loads the code it uses and no other. The data router waits for the chunk before it shows the
 * next page, and a chunk that fails to load (an open tab after a redeploy removed it) ends on the
 * error page, whose button reloads the app.
 */
/**
 * A route outside the auth layout draws with more of the English texts (lib/i18n.ts): the main
 * layout, the list page and supermarket mode with the lists' part, the pages drawn with Mantine
 * with all of them.
 */
const withTexts =
  (loadTexts: () => Promise<void>) =>
  <Route,>(load: () => Promise<Route>) =>
  () =>
    Promise.all([load(), loadTexts()]).then(([route]) => route);
const withListTexts = withTexts(loadListTexts);
const withPageTexts = withTexts(loadPageTexts);

const mantineLayout = () =>
  import('./layouts/MantineLayout').then((m) => ({ Component: m.MantineLayout }));

const pages = {
  /** Mantine and the app's theme, for every page below it (MantineRoot.tsx). */
  mantine: mantineLayout,
  /** The same, with the English texts of every page, for the signed-in pages drawn with it. */
  mantinePages: withPageTexts(mantineLayout),
  mainLayout: withListTexts(() =>
    import('./layouts/MainLayout').then((m) => ({ Component: m.MainLayout })),
  ),
  lists: () =>
    import('../features/lists/pages/ListsPage').then((m) => ({ Component: m.ListsPage })),
  chores: () =>
    import('../features/chores/pages/ChoresPage').then((m) => ({ Component: m.ChoresPage })),
  expenses: () =>
    import('../features/expenses/pages/ExpensesPage').then((m) => ({ Component: m.ExpensesPage })),
  groupExpenses: () =>
    import('../features/expenses/pages/GroupExpensesPage').then((m) => ({
      Component: m.GroupExpensesPage,
    })),
  groups: () =>
    import('../features/groups/pages/GroupsPage').then((m) => ({ Component: m.GroupsPage })),
  joinGroup: () =>
    import('../features/groups/pages/JoinGroupPage').then((m) => ({ Component: m.JoinGroupPage })),
  account: () => import('./pages/AccountPage').then((m) => ({ Component: m.AccountPage })),
  listDetail: () => import('./pages/ListDetailPage').then((m) => ({ Component: m.ListDetailPage })),
  groupDetail: () =>
    import('./pages/GroupDetailPage').then((m) => ({
      Component: m.GroupDetailPage,
    })),
  shop: withListTexts(() =>
    import('../features/lists/pages/ShopPage').then((m) => ({ Component: m.ShopPage })),
  ),
  authLayout: () => import('./layouts/AuthLayout').then((m) => ({ Component: m.AuthLayout })),
  login: () => import('../features/auth/pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
  signup: () =>
    import('../features/auth/pages/SignupPage').then((m) => ({ Component: m.SignupPage })),
  forgotPassword: () =>
    import('../features/auth/pages/ForgotPasswordPage').then((m) => ({
      Component: m.ForgotPasswordPage,
    })),
  resetPassword: () =>
    import('../features/auth/pages/ResetPasswordPage').then((m) => ({
      Component: m.ResetPasswordPage,
    })),
  verifyEmail: () =>
    import('../features/auth/pages/VerifyEmailPage').then((m) => ({
      Component: m.VerifyEmailPage,
    })),
  unlock: () =>
    import('../features/auth/pages/UnlockPage').then((m) => ({ Component: m.UnlockPage })),
  confirmEmail: () =>
    import('../features/auth/pages/EmailChangePages').then((m) => ({
      Component: m.ConfirmEmailChangePage,
    })),
  undoEmailChange: () =>
    import('../features/auth/pages/EmailChangePages').then((m) => ({
      Component: m.UndoEmailChangePage,
    })),
  unsubscribe: withPageTexts(() =>
    import('../features/notifications/pages/UnsubscribePage').then((m) => ({
      Component: m.UnsubscribePage,
    })),
  ),
} satisfies Record<string, RouteObject['lazy']>;

function Root() {
  // index.html's outline stands in for a list's page only (lib/first-paint.ts): any other page
  // takes its place at once, the login page for a session that has ended, say.
  const { pathname } = useLocation();
  useRevealApp(matchPath(`${paths.home}${route.list}`, pathname) === null);
  return (
    <>
      {/* spec §2: navigation scrolls to the top (back and forward restore the position). */}
      <ScrollRestoration />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    </>
  );
}

/** spec §2 routes: the main layout at /, the auth layout at /auth, a 404 page for the rest. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    // Until the first page's chunks are in (the very first render only).
    hydrateFallbackElement: <PageLoader minHeight="100vh" />,
    children: [
      {
        // The main layout and the list page are drawn without Mantine (issue 25: the page a phone
        // opens every day); the other pages bring it in a layout route of their own.
        path: paths.home,
        lazy: pages.mainLayout,
        children: [
          { index: true, element: <Navigate to={paths.lists} replace /> },
          {
            lazy: pages.mantinePages,
            children: [
              { path: route.lists, lazy: pages.lists },
              { path: route.chores, lazy: pages.chores },
              { path: route.expenses, lazy: pages.expenses },
              { path: route.groups, lazy: pages.groups },
              // A share link needs a session like every page here: the guard sends a signed-out
              // visitor through login or sign-up with the link in the redirect query, then back.
              { path: route.groupJoin, lazy: pages.joinGroup },
              { path: route.account, lazy: pages.account },
              {
                element: <RequireNumericParams />,
                children: [
                  { path: route.group, lazy: pages.groupDetail },
                  { path: route.groupLists, lazy: pages.lists },
                  { path: route.groupChores, lazy: pages.chores },
                  { path: route.groupExpenses, lazy: pages.groupExpenses },
                ],
              },
            ],
          },
          {
            element: <RequireNumericParams />,
            children: [{ path: route.list, lazy: pages.listDetail }],
          },
        ],
      },
      {
        // Supermarket mode is full-screen: outside the main layout and its navigation, and drawn
        // without Mantine, which it does not load (issue 25: the page a phone opens in the shop).
        element: <RequireNumericParams />,
        children: [{ path: route.listShop, lazy: pages.shop }],
      },
      {
        // The auth layout and the login page are drawn without Mantine; the other auth pages
        // bring it.
        path: paths.auth,
        lazy: pages.authLayout,
        children: [
          { index: true, element: <Navigate to={paths.login} replace /> },
          { path: route.login, lazy: pages.login },
          {
            lazy: pages.mantine,
            children: [
              { path: route.signup, lazy: pages.signup },
              { path: route.forgotPassword, lazy: pages.forgotPassword },
              { path: route.resetPassword, lazy: pages.resetPassword },
              { path: route.verify, lazy: pages.verifyEmail },
              { path: route.unlock, lazy: pages.unlock },
              { path: route.confirmEmail, lazy: pages.confirmEmail },
              { path: route.undoEmailChange, lazy: pages.undoEmailChange },
            ],
          },
        ],
      },
      {
        // A mailed link, signed in or out: in the narrow card of the auth pages.
        path: paths.unsubscribe,
        lazy: pages.authLayout,
        children: [{ lazy: pages.mantine, children: [{ index: true, lazy: pages.unsubscribe }] }],
      },
      // Small, drawn without Mantine, and in the first chunk: RequireNumericParams shows it too.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
