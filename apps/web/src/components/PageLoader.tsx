import type { CSSProperties } from 'react';
import { useRetryingBusyServer } from '../lib/busy-server';
import { useRevealApp } from '../lib/first-paint';
import { useLoadingLabel } from './LoadingText';
import classes from './PageLoader.module.css';
import plain from './plain/plain.module.css';
import { Spinner, type SpinnerSize } from './plain/Spinner';

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 0;

/**
 * What a page or section shows while its data or its code loads: a spinner for the eye and a
 * status that a screen reader names and announces ("Loading…" in the language shown). While a read
 * waits to be sent again to a busy server, the status says so, visibly. End-to-end tests wait for
 * `[data-page-loader]` to go before they check a page. Drawn without Mantine: it is the first
 * thing the app shows, before MantineProvider is loaded.
 */
export function PageLoader({
  size = 'md',
  py = 'xl',
  minHeight,
}: {
  size?: SpinnerSize;
  py?: Spacing;
  /** Keeps the space of what is coming (a whole page while its code loads). */
  minHeight?: string | number;
}) {
  const label = useLoadingLabel();
  const retrying = useRetryingBusyServer();
  // A wait for a busy server is said visibly, in place of index.html's outline.
  useRevealApp(retrying);
  const style = {
    paddingBlock: py === 0 ? 0 : `var(--mantine-spacing-${py})`,
    minHeight,
  } satisfies CSSProperties;
  return (
    <div className={classes.loader} style={style} role="status" aria-label={label} data-page-loader>
      <Spinner size={size} className={plain.loaderColour} />
      {retrying ? (
        <span className={plain.text}>{label}</span>
      ) : (
        <span className={plain.visuallyHidden}>{label}</span>
      )}
    </div>
  );
}
