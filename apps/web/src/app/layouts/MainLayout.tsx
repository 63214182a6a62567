import {
  IconChecklist,
  IconLogout,
  IconReceipt,
  IconShoppingCart,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSelect } from '../../features/account/components/LanguageSelect';
import { APP_NAME } from '../../lib/i18n';
import { ThemeSelect } from '../../features/account/components/ThemeSelect';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Button, FOCUS_RING } from '../../components/plain/Button';
import { useLogout } from '../../features/auth/api/mutations';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { useSession, useSignOut } from '../../lib/session';
import { paths } from '../../lib/paths';
import classes from './MainLayout.module.css';
import { UserName } from './UserName';
import { useSavedLocale } from './use-saved-locale';
import { useSavedTheme } from './use-saved-theme';

const NAV_ITEMS = [
  { to: paths.lists, label: 'nav.lists', icon: IconShoppingCart },
  { to: paths.groups, label: 'nav.groups', icon: IconUsersGroup },
  { to: paths.chores, label: 'nav.chores', icon: IconChecklist },
  { to: paths.expenses, label: 'nav.expenses', icon: IconReceipt },
  { to: paths.account, label: 'nav.account', icon: IconUser },
] as const;

/**
 * The signed-in frame: navigation (a burger menu on phones), the user, language, theme, logout.
 * Drawn without Mantine (MainLayout.module.css): the pages that use Mantine bring it in a layout
 * route of their own below this one (app/router.tsx), and the list page draws without it.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const [navOpened, setNavOpened] = useState(false);
  const closeNav = () => setNavOpened(false);
  const { pathname } = useLocation();
  const { user } = useSession();
  const signOut = useSignOut();
  const logout = useLogout();
  useSavedLocale(user);
  useSavedTheme(user !== null);

  // The server may be unreachable; the session ends on this device all the same.
  const onLogout = () => logout.mutate(undefined, { onSettled: () => void signOut() });

  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <button
          type="button"
          className={`${classes.burger} ${FOCUS_RING}`}
          aria-label={t('nav.toggleMenu')}
          aria-expanded={navOpened}
          onClick={() => setNavOpened((opened) => !opened)}
        >
          <span className={classes.burgerLines} />
        </button>
        <h1 className={classes.appName}>{APP_NAME}</h1>
        <div className={classes.bell}>
          <NotificationBell />
        </div>
      </header>

      <nav
        className={classes.navbar}
        aria-label={t('nav.label')}
        data-collapsed={navOpened ? undefined : true}
      >
        <div className={classes.links}>
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className={`${classes.navLink} ${FOCUS_RING}`}
              aria-current={pathname === to || pathname.startsWith(`${to}/`) ? 'page' : undefined}
              onClick={closeNav}
            >
              <Icon size={18} aria-hidden />
              {t(label)}
            </Link>
          ))}
        </div>
        <div className={classes.account}>
          <div className={classes.userName}>
            <UserName user={user} />
          </div>
          <LanguageSelect size="xs" />
          <ThemeSelect size="xs" />
          <Button
            variant="light"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={onLogout}
            loading={logout.isPending}
          >
            {t('nav.logout')}
          </Button>
        </div>
      </nav>

      <main className={classes.main}>
        <OfflineNotice />
        <Outlet />
      </main>
    </div>
  );
}
