import { lazy, Suspense } from 'react';

const DownloadDataCard = lazy(() =>
  import('./DownloadDataCard').then((m) => ({ default: m.DownloadDataCard })),
);

/** The card's code comes with the account page's first render, not with the app's first page. */
export function LazyDownloadDataCard() {
  return (
    <Suspense fallback={null}>
      <DownloadDataCard />
    </Suspense>
  );
}
