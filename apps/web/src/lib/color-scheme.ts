import { THEMES, type Theme } from '@household/contracts/limits';
import { useSyncExternalStore } from 'react';

/** The chosen theme (light, dark or auto) is remembered on this device under `theme`. */
export const THEME_STORAGE_KEY = 'theme';

const ATTRIBUTE = 'data-mantine-color-scheme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

/** The theme chosen on this device; `auto` (the system's) when none was, or storage is off. */
export function chosenTheme(): Theme {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : 'auto';
  } catch {
    return 'auto';
  }
}

/** True when this device has a theme of its own (then a signed-in user's saved one waits). */
export function hasChosenTheme(): boolean {
  try {
    return isTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return false;
  }
}

function showTheme(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'auto' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.setAttribute(ATTRIBUTE, dark ? 'dark' : 'light');
}

const listeners = new Set<() => void>();

/**
 * Shows and keeps a theme, the way public/first-paint.js starts the page and Mantine's colour
 * scheme manager keeps it, without Mantine: the layout and the pages drawn without it change the
 * theme here. A storage event tells the Mantine providers on the page (they listen for it, as for
 * a change made in another tab), so their own state follows.
 */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be off: the theme applies to this page all the same.
  }
  showTheme(theme);
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: THEME_STORAGE_KEY,
      newValue: theme,
      storageArea: window.localStorage,
    }),
  );
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // While someone shows the theme, an `auto` theme follows the system's as it changes.
  const media = window.matchMedia(DARK_QUERY);
  const followSystem = () => {
    if (chosenTheme() === 'auto') showTheme('auto');
  };
  media.addEventListener?.('change', followSystem);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    media.removeEventListener?.('change', followSystem);
    window.removeEventListener('storage', listener);
  };
}

/** The theme chosen on this device, kept current. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, chosenTheme);
}
