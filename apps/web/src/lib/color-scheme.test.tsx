import {
  localStorageColorSchemeManager,
  MantineProvider,
  useMantineColorScheme,
} from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenTheme, hasChosenTheme, setTheme, THEME_STORAGE_KEY, useTheme } from './color-scheme';

/** As the app's theme keeps it (app/theme/theme.ts). */
const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

const shown = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function systemIs(scheme: 'light' | 'dark') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: scheme === 'dark' && query.includes('dark'),
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('the theme without Mantine (lib/color-scheme.ts)', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    vi.restoreAllMocks();
  });

  it('is auto until one is chosen on this device, and a stored value that is no theme is none', () => {
    expect(chosenTheme()).toBe('auto');
    expect(hasChosenTheme()).toBe(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(chosenTheme()).toBe('auto');
    expect(hasChosenTheme()).toBe(false);
  });

  it.each([
    ['dark', 'light', 'dark'],
    ['light', 'dark', 'light'],
    ['auto', 'dark', 'dark'],
    ['auto', 'light', 'light'],
  ] as const)(
    'a chosen %s theme with the system %s shows the page %s and is kept',
    (theme, system, page) => {
      systemIs(system);
      setTheme(theme);
      expect(shown()).toBe(page);
      expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe(theme);
      expect(chosenTheme()).toBe(theme);
    },
  );

  it('tells the components that show it, and a Mantine provider on the page follows', () => {
    systemIs('light');
    function Shown() {
      const { colorScheme } = useMantineColorScheme();
      return (
        <p>
          {useTheme()} / {colorScheme}
        </p>
      );
    }
    render(
      <MantineProvider colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <Shown />
      </MantineProvider>,
    );
    expect(screen.getByText('auto / auto')).toBeInTheDocument();
    act(() => setTheme('dark'));
    expect(screen.getByText('dark / dark')).toBeInTheDocument();
    expect(shown()).toBe('dark');
  });
});
