import { useId, type ReactNode } from 'react';
import classes from './plain.module.css';

/** The colours an alert is drawn in, as Mantine's light variant of each. */
const TINTS = {
  red: classes.tintRed!,
  orange: classes.tintOrange!,
  gray: classes.tintGray!,
} as const;

/**
 * A message in a tinted box, as Mantine's light Alert: its title names it, its text describes it,
 * and it is announced as an alert unless told otherwise (a standing status, such as offline).
 */
export function Alert({
  colour,
  title,
  icon,
  role = 'alert',
  square = false,
  className = '',
  children,
}: {
  colour: keyof typeof TINTS;
  title?: string;
  icon?: ReactNode;
  role?: 'alert' | 'status';
  /** Edge to edge, under a header, without rounded corners. */
  square?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div
      role={role}
      aria-labelledby={title === undefined ? undefined : `${id}-title`}
      aria-describedby={`${id}-body`}
      className={`${classes.alert} ${TINTS[colour]} ${square ? classes.square : ''} ${className}`}
    >
      {icon !== undefined && <span className={classes.alertIcon}>{icon}</span>}
      <div className={classes.alertBody}>
        {title !== undefined && (
          <div id={`${id}-title`} className={classes.alertTitle}>
            {title}
          </div>
        )}
        <div id={`${id}-body`} className={classes.alertText}>
          {children}
        </div>
      </div>
    </div>
  );
}
