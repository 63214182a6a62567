import type { ComponentPropsWithRef } from 'react';
import { FOCUS_RING } from '../../../components/plain/Button';
import classes from './rows.module.css';

export type Tint = 'gray' | 'red' | 'brand';

/** Mantine's subtle ActionIcon (size md) for the rows, which draw no Mantine component. */
export function IconButton({
  tint,
  type = 'button',
  ...props
}: Omit<ComponentPropsWithRef<'button'>, 'className'> & { tint: Tint }) {
  return (
    <button
      {...props}
      type={type}
      className={`${classes.iconButton} ${classes[tint]} mantine-active ${FOCUS_RING}`}
    />
  );
}

/** Mantine's Button for the rows: subtle and compact by default, or light and large. */
export function TextButton({
  tint,
  large = false,
  type = 'button',
  ...props
}: Omit<ComponentPropsWithRef<'button'>, 'className'> & { tint: Tint; large?: boolean }) {
  const size = large ? `${classes.large} ${classes.light}` : '';
  return (
    <button
      {...props}
      type={type}
      className={`${classes.textButton} ${classes[tint]} ${size} mantine-active ${FOCUS_RING}`}
    />
  );
}
