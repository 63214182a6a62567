import type { CSSProperties } from 'react';
import classes from './plain.module.css';

/** Mantine's loader sizes, for the same spinner without Mantine. */
const SIZES = { xs: 18, sm: 22, md: 36, lg: 44, xl: 58 } as const;
export type SpinnerSize = keyof typeof SIZES;

/** A spinning ring in the current text colour, hidden from screen readers (the status names it). */
export function Spinner({ size = 'sm', className }: { size?: SpinnerSize; className?: string }) {
  const style = { '--spinner-size': `${SIZES[size] / 16}rem` } as CSSProperties;
  return (
    <span
      className={className ? `${classes.spinner} ${className}` : classes.spinner}
      style={style}
      aria-hidden
    />
  );
}
