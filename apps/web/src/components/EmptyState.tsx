import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './EmptyState.module.css';

/**
 * What a page shows while it has nothing to list, and what the user can do about it. Drawn
 * without Mantine in its look (a bordered paper, a round tinted icon): the list page shows it
 * before Mantine is loaded.
 */
export function EmptyState({
  icon: EmptyIcon,
  title,
  text,
  children,
}: {
  icon: Icon;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className={classes.paper}>
      <span className={classes.icon}>
        <EmptyIcon size={28} aria-hidden />
      </span>
      <h3 className={classes.title}>{title}</h3>
      <p className={classes.text}>{text}</p>
      {children}
    </div>
  );
}
