import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  composeRenderProps,
  Tab as RACTab,
  TabList as RACTabList,
  type TabListProps as RACTabListProps,
  TabPanel as RACTabPanel,
  type TabPanelProps as RACTabPanelProps,
  type TabProps as RACTabProps,
  Tabs as RACTabs,
  type TabsProps as RACTabsProps,
} from 'react-aria-components';
import * as styles from './Tabs.css';

export const tabsVariants = ['underline', 'segmented'] as const;
export type TabsVariant = (typeof tabsVariants)[number];

export interface TabsProps extends RACTabsProps {
  /** `underline` for page sections, `segmented` for a compact switch between views. @default 'underline' */
  variant?: TabsVariant;
}

/** Tabs on react-aria: arrow keys move between tabs, the panel follows the selected tab. */
/** One tab; its `id` matches the TabPanel it shows. */
export function Tabs({ variant = 'underline', className, ...props }: TabsProps) {
  return (
    <RACTabs
      {...props}
      data-variant={variant}
      className={composeRenderProps(className, (resolved) => clsx(styles.tabs, resolved))}
    />
  );
}

/** The row of tabs; give it an `aria-label`. */
export function TabList<T extends object>({ className, ...props }: RACTabListProps<T>) {
  return (
    <RACTabList
      {...props}
      className={composeRenderProps(className, (resolved) => clsx(styles.list, resolved))}
    />
  );
}

export interface TabProps extends Omit<RACTabProps, 'children'> {
  icon?: ReactNode;
  children: ReactNode;
}

export function Tab({ icon, children, className, ...props }: TabProps) {
  return (
    <RACTab {...props} className={composeRenderProps(className, (resolved) => clsx(styles.tab, resolved))}>
      {icon ? (
        <span className={styles.tabIcon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </RACTab>
  );
}

/** The content of the tab with the same `id`. */
export function TabPanel({ className, ...props }: RACTabPanelProps) {
  return (
    <RACTabPanel
      {...props}
      className={composeRenderProps(className, (resolved) => clsx(styles.panel, resolved))}
    />
  );
}

export type { RACTabListProps as TabListProps, RACTabPanelProps as TabPanelProps };
