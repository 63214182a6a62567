import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { settingsQueryOptions } from '../../features/account/api/queries';
import { useApi } from '../../lib/api-context';
import { hasChosenTheme, setTheme } from '../../lib/color-scheme';

/**
 * A device that has no theme of its own yet (a new phone, a cleared browser) takes the one the user
 * saved in their preferences; a choice made on this device stays this device's.
 */
export function useSavedTheme(isSignedIn: boolean) {
  const api = useApi();
  const hasDeviceChoice = hasChosenTheme();
  const settings = useQuery({
    ...settingsQueryOptions(api),
    enabled: isSignedIn && !hasDeviceChoice,
  });
  const savedTheme = settings.data?.preferences.theme;
  useEffect(() => {
    if (savedTheme && !hasDeviceChoice) setTheme(savedTheme);
  }, [savedTheme, hasDeviceChoice]);
}
