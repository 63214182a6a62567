import { useLayoutEffect, useRef, useState } from 'react';

/** Where the list starts on the page: the window virtualizer counts from the document's top. */
export function useOffsetTop<T extends HTMLElement>(dependency: unknown) {
  const ref = useRef<T | null>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    setOffset((current) => (Math.abs(current - top) > 1 ? top : current));
  }, [dependency]);
  return [ref, offset] as const;
}
