import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-aria-components';
import { useAppShell } from '../AppShell/AppShellContext';
import * as styles from './NavLink.css';

export interface NavLinkProps extends Omit<LinkProps, 'children' | 'className' | 'aria-current'> {
  /** The destination; with the app's RouterProvider it navigates client-side. */
  href: string;
  icon?: ReactNode;
  /** The visible label. */
  children: ReactNode;
  /** Marks the link of the page on screen (aria-current="page"); the app knows the route, so it decides. */
  isCurrent?: boolean;
  /** A count or status after the label. */
  badge?: ReactNode;
  /** A control beside the link, shown on hover or focus (the delete button of a history row). */
  action?: ReactNode;
  className?: string;
}

/**
 * A sidebar link on react-aria's Link, so an app's <RouterProvider navigate={…}> turns it into client
 * navigation. Pressing it also closes the shell's drawer on narrow screens.
 */
export function NavLink({
  href,
  icon,
  children,
  isCurrent = false,
  badge,
  action,
  className,
  onPress,
  ...props
}: NavLinkProps) {
  const shell = useAppShell();
  return (
    <div className={clsx(styles.row, className)}>
      <Link
        {...props}
        href={href}
        aria-current={isCurrent ? 'page' : undefined}
        className={styles.link}
        onPress={(event) => {
          onPress?.(event);
          shell?.closeNavigation();
        }}
      >
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <span className={styles.label}>{children}</span>
        {badge != null ? <span className={styles.badge}>{badge}</span> : null}
      </Link>
      {action ? <span className={styles.action}>{action}</span> : null}
    </div>
  );
}
