import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a part starts loading: it is drawn by the time it scrolls in. */
const AHEAD = '600px';

/**
 * A part further down a page (a list's expenses under its items) whose code loads only when it
 * comes near the screen: a phone opening a long list does not download it for the first paint.
 * Until then `placeholder` keeps its place. Where the browser cannot tell (no
 * IntersectionObserver), it loads at once.
 */
export function LoadWhenNear({
  placeholder,
  children,
}: {
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || marker.current === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(marker.current);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  return <div ref={marker}>{placeholder}</div>;
}
