import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
});

export const THEME_STORAGE_KEY = 'theme';

/** The chosen theme (light, dark or auto) is remembered on this device under `theme`. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });
