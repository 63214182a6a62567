import type { Theme } from '@household/contracts';
import { useMantineColorScheme } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { preferenceToasts, useUpdatePreferences } from './mutations';

/**
 * The theme applies at once and stays on this device; a signed-in user's preferences keep it.
 * Apart from the other account mutations, which the sign-in pages' language select uses before
 * Mantine is loaded: this one needs Mantine's colour scheme.
 */
export function useChangeTheme() {
  const { isAuthenticated } = useSession();
  const { setColorScheme } = useMantineColorScheme();
  const updatePreferences = useUpdatePreferences();
  return (theme: Theme) => {
    setColorScheme(theme);
    if (isAuthenticated) updatePreferences.mutate({ theme }, preferenceToasts());
  };
}
