import { MantineProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { colorSchemeManager, createAppTheme, cssVariablesResolver } from '../theme/theme';

/**
 * Mantine with the app's theme, around every page but the ones drawn without it (the login page,
 * the auth layout, the loader, the 404 and error pages), which do not load Mantine at all
 * (issue 25's 150 kB for the login page). It is loaded with the first page that needs it: a
 * layout route of its own (MantineLayout.tsx), and the toasts (providers.tsx).
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
      {children}
    </MantineProvider>
  );
}
