import { MantineProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InsideMantine } from '../../components/MantineIsland';
import { colorSchemeManager, createAppTheme, cssVariablesResolver } from '../theme/theme';
import './mantine-component-styles';

/**
 * Mantine with the app's theme, around every page but the ones drawn without it (the login page,
 * the auth layout, the loader, the 404 and error pages), which do not load Mantine at all
 * (issue 25's 150 kB for the login page). It is loaded with the first page that needs it: a
 * layout route of its own (MantineLayout.tsx), the toasts (providers.tsx), and the parts of a page
 * drawn without Mantine that need it (components/MantineIsland.tsx).
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useMemo(
    () => createAppTheme({ showPassword: t('fields.showPassword'), close: t('app.close') }),
    [t],
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <InsideMantine>{children}</InsideMantine>
    </MantineProvider>
  );
}
