import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { ChevronRightIcon } from '../../icons';
import * as styles from './NavGroup.css';

export interface NavGroupProps {
  /** The group label (办公, 财富, 历史会话). */
  title: string;
  /** NavLinks. */
  children: ReactNode;
  /** A count or badge after the title (the number of sessions). */
  badge?: ReactNode;
  /**
   * Open state, controlled: the app keeps it (for example in local storage) so a group stays as the user
   * left it across pages and visits.
   */
  isExpanded?: boolean;
  /** @default true */
  defaultExpanded?: boolean;
  onExpandedChange?: (isExpanded: boolean) => void;
  className?: string;
}

/** A collapsible group of sidebar links (react-aria Disclosure under a level-2 heading). */
export function NavGroup({
  title,
  children,
  badge,
  isExpanded,
  defaultExpanded = true,
  onExpandedChange,
  className,
}: NavGroupProps) {
  return (
    <Disclosure
      isExpanded={isExpanded}
      defaultExpanded={defaultExpanded}
      onExpandedChange={onExpandedChange}
      className={clsx(styles.root, className)}
    >
      <Heading level={2} className={styles.heading}>
        <Button slot="trigger" className={styles.trigger}>
          <span className={styles.title}>{title}</span>
          {badge != null ? badge : null}
          <span className={styles.chevron} aria-hidden="true">
            <ChevronRightIcon />
          </span>
        </Button>
      </Heading>
      <DisclosurePanel>
        <div className={styles.panelContent}>{children}</div>
      </DisclosurePanel>
    </Disclosure>
  );
}
