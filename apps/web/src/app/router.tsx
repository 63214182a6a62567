import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { AccountPage } from '../features/account/pages/AccountPage';
import { AuthCallbackPage } from '../features/auth/pages/AuthCallbackPage';
import { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage';
import { SignupPage } from '../features/auth/pages/SignupPage';
import { VerifyEmailPage } from '../features/auth/pages/VerifyEmailPage';
import { ChoresPage } from '../features/chores/pages/ChoresPage';
import { ExpensesPage } from '../features/expenses/pages/ExpensesPage';
import { GroupDetailPage } from '../features/groups/pages/GroupDetailPage';
import { GroupsPage } from '../features/groups/pages/GroupsPage';
import { JoinGroupPage } from '../features/groups/pages/JoinGroupPage';
import { ListDetailPage } from '../features/lists/pages/ListDetailPage';
import { ListsPage } from '../features/lists/pages/ListsPage';
import { ShopPage } from '../features/lists/pages/ShopPage';
import { paths, routePatterns as route } from '../paths';
import { AuthLayout } from './layouts/AuthLayout';
import { MainLayout } from './layouts/MainLayout';
import { NotFoundPage } from './NotFoundPage';
import { RequireNumericParams } from './RequireNumericParams';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteGuard } from './RouteGuard';

function Root() {
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
    children: [
      {
        path: paths.home,
        element: <MainLayout />,
        children: [
          { index: true, element: <Navigate to={paths.lists} replace /> },
          { path: route.lists, element: <ListsPage /> },
          { path: route.chores, element: <ChoresPage /> },
          { path: route.expenses, element: <ExpensesPage /> },
          { path: route.groups, element: <GroupsPage /> },
          // A share link needs a session like every page here: the guard sends a signed-out
          // visitor through login or sign-up with the link in the redirect query, then back.
          { path: route.groupJoin, element: <JoinGroupPage /> },
          { path: route.account, element: <AccountPage /> },
          {
            element: <RequireNumericParams />,
            children: [
              { path: route.list, element: <ListDetailPage /> },
              { path: route.group, element: <GroupDetailPage /> },
              { path: route.groupLists, element: <ListsPage /> },
              { path: route.groupChores, element: <ChoresPage /> },
              { path: route.groupExpenses, element: <ExpensesPage /> },
            ],
          },
        ],
      },
      {
        // Supermarket mode is full-screen: outside the main layout and its navigation.
        element: <RequireNumericParams />,
        children: [{ path: route.listShop, element: <ShopPage /> }],
      },
      {
        path: paths.auth,
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to={paths.login} replace /> },
          { path: route.login, element: <LoginPage /> },
          { path: route.signup, element: <SignupPage /> },
          { path: route.callback, element: <AuthCallbackPage /> },
          { path: route.forgotPassword, element: <ForgotPasswordPage /> },
          { path: route.resetPassword, element: <ResetPasswordPage /> },
          { path: route.verify, element: <VerifyEmailPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
