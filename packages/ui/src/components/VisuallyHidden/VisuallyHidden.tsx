import type { HTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from '../../styles/utilities.css';

export const visuallyHiddenElements = ['span', 'div', 'p', 'h1', 'h2', 'h3', 'label'] as const;
export type VisuallyHiddenElement = (typeof visuallyHiddenElements)[number];

export interface VisuallyHiddenProps extends Omit<HTMLAttributes<HTMLElement>, 'className' | 'style'> {
  /** @default 'span' */
  as?: VisuallyHiddenElement;
  children: ReactNode;
}

/**
 * Text that screen readers read and the screen does not show: a page's heading that the layout already
 * makes plain, a live region announcing what changed, the words behind a bare count.
 */
export function VisuallyHidden({ as: Element = 'span', children, ...props }: VisuallyHiddenProps) {
  return (
    <Element {...props} className={visuallyHidden}>
      {children}
    </Element>
  );
}
