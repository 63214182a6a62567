import { AppShell, Box, Burger, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChecklist,
  IconLogout,
  IconReceipt,
  IconShoppingCart,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSelect } from '../../features/account/components/LanguageSelect';
import { APP_NAME } from '../../lib/i18n';
import { ThemeSelect } from '../../features/account/components/ThemeSelect';
import { OfflineNotice } from '../../components/OfflineNotice';
import { useLogout } from '../../features/auth/api/mutations';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { useSession, useSignOut } from '../../lib/session';
import { paths } from '../../lib/paths';
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

/** The signed-in frame: navigation (a burger menu on phones), the user, language, theme, logout. */
export function MainLayout() {
  const { t } = useTranslation();
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const { user } = useSession();
  const signOut = useSignOut();
  const logout = useLogout();
  useSavedLocale(user);
  useSavedTheme(user !== null);

  // The server may be unreachable; the session ends on this device all the same.
  const onLogout = () => logout.mutate(undefined, { onSettled: () => void signOut() });

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
          <Burger
            opened={navOpened}
            onClick={nav.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('nav.toggleMenu')}
          />
          <Title order={1} size="h4">
            {APP_NAME}
          </Title>
          <Box ml="auto">
            <NotificationBell />
          </Box>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.label')}>
        <AppShell.Section grow>
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={t(label)}
              leftSection={<Icon size={18} aria-hidden />}
              active={pathname === to || pathname.startsWith(`${to}/`)}
              onClick={nav.close}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap="xs">
            <Text fw={500} truncate>
              <UserName user={user} />
            </Text>
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
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <OfflineNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
