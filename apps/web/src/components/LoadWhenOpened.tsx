import { Suspense, useState, type ReactNode } from 'react';
import { PageLoader } from './PageLoader';
import { useOpenedAfterMount } from './popover-button';

/**
 * A dialog whose code is loaded on demand (React.lazy) renders only once it has been opened:
 * pages do not download dialogs nobody opens. Once opened it stays mounted, so it can animate
 * closed and open again at once. While the code is on its way, a loader says so.
 *
 * `children` gets the `opened` to pass on. The first time, the dialog mounts closed and opens
 * right after: a Mantine modal notes the focused element (to give focus back on close) only when
 * `opened` changes, not when it mounts already open.
 */
export function LoadWhenOpened({
  opened,
  children,
}: {
  opened: boolean;
  children: (opened: boolean) => ReactNode;
}) {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={<PageLoader size="sm" py="md" />}>
      <OpenAfterMount opened={opened}>{children}</OpenAfterMount>
    </Suspense>
  );
}

/** Inside the Suspense boundary, so it mounts together with the loaded dialog. */
function OpenAfterMount({
  opened,
  children,
}: {
  opened: boolean;
  children: (opened: boolean) => ReactNode;
}) {
  return children(useOpenedAfterMount(opened));
}
