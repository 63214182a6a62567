import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * spec §2: the lists and list detail pages keep their state when the person leaves and returns.
 * The data comes back from the query cache at once; what the person chose on the page (grouped
 * view, scroll position) is kept here, per page, for this tab's session.
 */
const STORAGE_PREFIX = 'household.view.';
const memory = new Map<string, unknown>();

function read<T>(key: string, fallback: T): T {
  if (memory.has(key)) return memory.get(key) as T;
  try {
    const stored = window.sessionStorage.getItem(STORAGE_PREFIX + key);
    return stored === null ? fallback : (JSON.parse(stored) as T);
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown) {
  memory.set(key, value);
  try {
    window.sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the in-memory copy still lasts while the app is open.
  }
}

/** A piece of page state that outlives leaving the page (e.g. `list:3:grouped`). */
export function useViewState<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [state, setState] = useState(() => ({ key, value: read(key, fallback) }));
  // Another list's page reuses this component: it reads that list's state.
  const value = state.key === key ? state.value : read(key, fallback);
  const update = useCallback(
    (next: T) => {
      write(key, next);
      setState({ key, value: next });
    },
    [key],
  );
  return [value, update];
}

/**
 * Puts the page back where the person left it once its content is there, and remembers the
 * position when they leave.
 */
export function useScrollMemory(key: string, isReady: boolean) {
  useLayoutEffect(() => {
    if (!isReady) return undefined;
    const saved = read<number>(`scroll:${key}`, 0);
    if (saved > 0) {
      // After the router's own scroll-to-top on navigation (spec §2).
      const frame = requestAnimationFrame(() => window.scrollTo({ top: saved }));
      return () => {
        cancelAnimationFrame(frame);
        write(`scroll:${key}`, window.scrollY);
      };
    }
    return () => write(`scroll:${key}`, window.scrollY);
  }, [key, isReady]);
}

/** Choices that hold on this device for every list; kept only in memory where storage fails. */
const deviceMemory = new Map<string, unknown>();

function readDevice<T>(key: string, fallback: T): T {
  try {
    const stored = window.localStorage.getItem(STORAGE_PREFIX + key);
    if (stored !== null) return JSON.parse(stored) as T;
  } catch {
    // Private mode or a value from another version: what this visit chose, else the default.
  }
  return deviceMemory.has(key) ? (deviceMemory.get(key) as T) : fallback;
}

function writeDevice(key: string, value: unknown) {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    deviceMemory.set(key, value);
  }
}

/**
 * A choice the person makes once for this device (e.g. supermarket mode's order): unlike the
 * page state above it lasts beyond the tab, so the next trip opens the way the last one ended.
 */
export function useDeviceChoice<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState(() => readDevice(key, fallback));
  const update = useCallback(
    (next: T) => {
      writeDevice(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, update];
}
