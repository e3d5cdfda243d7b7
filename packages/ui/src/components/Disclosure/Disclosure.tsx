import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  composeRenderProps,
  DisclosurePanel,
  Heading,
  Button as RACButton,
  Disclosure as RACDisclosure,
  DisclosureGroup as RACDisclosureGroup,
  type DisclosureGroupProps as RACDisclosureGroupProps,
  type DisclosureProps as RACDisclosureProps,
} from 'react-aria-components';
import { ChevronRightIcon } from '../../icons';
import * as styles from './Disclosure.css';

export interface DisclosureProps extends Omit<RACDisclosureProps, 'children'> {
  /** The always-visible trigger label. */
  title: ReactNode;
  /** The level of the heading that wraps the trigger, so the section is found by heading navigation. @default 3 */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  children: ReactNode;
}

/** A section that expands and collapses under its title (react-aria Disclosure). */
export function Disclosure({ title, headingLevel = 3, children, className, ...props }: DisclosureProps) {
  return (
    <RACDisclosure
      {...props}
      className={composeRenderProps(className, (resolved) => clsx(styles.disclosure, resolved))}
    >
      <Heading level={headingLevel} className={styles.heading}>
        <RACButton slot="trigger" className={styles.trigger}>
          <span className={styles.chevron} aria-hidden="true">
            <ChevronRightIcon />
          </span>
          <span className={styles.title}>{title}</span>
        </RACButton>
      </Heading>
      <DisclosurePanel className={styles.panel}>
        <div className={styles.panelContent}>{children}</div>
      </DisclosurePanel>
    </RACDisclosure>
  );
}

export type DisclosureGroupProps = RACDisclosureGroupProps;

/** Stacked disclosures in one frame; `allowsMultipleExpanded` lets more than one stay open. */
export function DisclosureGroup({ className, ...props }: DisclosureGroupProps) {
  return (
    <RACDisclosureGroup
      {...props}
      className={composeRenderProps(className, (resolved) => clsx(styles.group, resolved))}
    />
  );
}
