import { startTransition, useLayoutEffect, useRef, useState } from 'react';

/**
 * Where the list starts on the page: the window virtualizer counts from the document's top.
 *
 * The offset is set as a transition. Rows are placed relative to the list, so the rows drawn before
 * it was known already stand where they belong; it only decides which rows beyond the screen's edge
 * are drawn. Set plainly, React would draw the list again at once, in the task that drew it first.
 */
export function useOffsetTop<T extends HTMLElement>(dependency: unknown) {
  const ref = useRef<T | null>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    startTransition(() => setOffset((current) => (Math.abs(current - top) > 1 ? top : current)));
  }, [dependency]);
  return [ref, offset] as const;
}
