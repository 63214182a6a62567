import type { Theme } from '@household/contracts/limits';
import { setTheme } from '../../../lib/color-scheme';
import { useSession } from '../../../lib/session';
import { preferenceToasts, useUpdatePreferences } from './mutations';

/** The theme applies at once and stays on this device; a signed-in user's preferences keep it. */
export function useChangeTheme() {
  const { isAuthenticated } = useSession();
  const updatePreferences = useUpdatePreferences();
  return (theme: Theme) => {
    setTheme(theme);
    if (isAuthenticated) updatePreferences.mutate({ theme }, preferenceToasts());
  };
}
