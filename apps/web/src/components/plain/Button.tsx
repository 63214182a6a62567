import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import classes from './plain.module.css';
import { Spinner } from './Spinner';

type Variant = 'filled' | 'default' | 'light' | 'subtle';

const VARIANTS: Record<Variant, string> = {
  filled: classes.button!,
  default: `${classes.button} ${classes.default}`,
  light: `${classes.button} ${classes.light}`,
  subtle: `${classes.button} ${classes.subtle}`,
};

/** Mantine's keyboard focus ring (global.css), so a plain control is focused like the rest. */
export const FOCUS_RING = 'mantine-focus-auto';

/**
 * A button that looks like Mantine's. While `loading`, it keeps its label (for its width and its
 * name) under a spinner and cannot be pressed again.
 */
export function Button({
  variant = 'filled',
  compact = false,
  loading = false,
  leftSection,
  children,
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: Variant;
  /** Mantine's size xs. */
  compact?: boolean;
  loading?: boolean;
  /** An icon before the label, as Mantine's left section. */
  leftSection?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <button
      {...props}
      type={type}
      className={`${VARIANTS[variant]} ${compact ? classes.compact : ''} ${FOCUS_RING}`}
      disabled={loading || props.disabled}
      data-loading={loading || undefined}
    >
      {loading && <Spinner size="xs" />}
      <span className={classes.buttonLabel}>
        {leftSection !== undefined && <span className={classes.leftSection}>{leftSection}</span>}
        {children}
      </span>
    </button>
  );
}

/** A link drawn as a button (the 404 page's "Go Home", supermarket mode's "Exit"). */
export function ButtonLink({
  variant = 'filled',
  large = false,
  leftSection,
  children,
  ...props
}: LinkProps & {
  variant?: Variant;
  /** Mantine's size md: a larger target, for a hand holding a basket. */
  large?: boolean;
  /** An icon before the label, as Mantine's left section. */
  leftSection?: ReactNode;
}) {
  return (
    <Link {...props} className={`${VARIANTS[variant]} ${large ? classes.large : ''} ${FOCUS_RING}`}>
      {leftSection !== undefined && <span className={classes.leftSection}>{leftSection}</span>}
      {children}
    </Link>
  );
}

/** A link in text: underlined, so it never relies on colour alone (WCAG 1.4.1), as the theme's. */
export function TextLink(props: LinkProps) {
  return <Link {...props} className={`${classes.link} ${FOCUS_RING}`} />;
}
