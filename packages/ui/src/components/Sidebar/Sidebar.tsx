import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useUiMessages } from '../../i18n/UiProvider';
import * as styles from './Sidebar.css';

export interface SidebarProps {
  /** Above the navigation: the product name, the new-chat button. */
  header?: ReactNode;
  /** The navigation: NavLinks and NavGroups. Scrolls on its own when long. */
  children: ReactNode;
  /** Pinned at the bottom: the UserMenu. */
  footer?: ReactNode;
  /** The name of the navigation landmark. @default the catalogue's "主导航" */
  'aria-label'?: string;
  className?: string;
}

/** The 260 px column of the shell (a complementary landmark): a header, a scrolling navigation landmark and a footer. */
export function Sidebar({ header, children, footer, 'aria-label': ariaLabel, className }: SidebarProps) {
  const messages = useUiMessages();
  return (
    // The header and the account at the foot belong to a landmark too (axe: region).
    <aside aria-label={messages.shell.sidebar} className={clsx(styles.root, className)}>
      {header ? <div className={styles.header}>{header}</div> : null}
      <nav aria-label={ariaLabel ?? messages.shell.navigation} className={styles.nav}>
        {children}
      </nav>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </aside>
  );
}
