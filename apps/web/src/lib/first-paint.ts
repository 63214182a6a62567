import { useLayoutEffect } from 'react';

/**
 * index.html's outline of a list's page (build/first-paint-outline.ts) stands in for the page from
 * the first paint until the app can draw it: public/first-paint.js marks <html> on a list's path,
 * and the app takes the mark away in the frame it draws the list, or as soon as it shows anything
 * else instead (another page, the login page, an error, a loader that says it waits for a busy
 * server). Called from layout effects, so that the outline goes in the same frame the page comes.
 */
function revealApp(): void {
  document.documentElement.removeAttribute('data-first-paint');
}

/** Takes the outline away, in the frame this component draws in, once `when` holds. */
export function useRevealApp(when = true): void {
  useLayoutEffect(() => {
    if (when) revealApp();
  }, [when]);
}
