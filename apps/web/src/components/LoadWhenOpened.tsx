import { Suspense, useState, type ReactNode } from 'react';
import { PageLoader } from './PageLoader';

/**
 * A dialog whose code is loaded on demand (React.lazy) renders only once it has been opened:
 * pages do not download dialogs nobody opens. Once opened it stays mounted, so it can animate
 * closed and open again at once. While the code is on its way, a loader says so.
 */
export function LoadWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return <Suspense fallback={<PageLoader size="sm" py="md" />}>{children}</Suspense>;
}
