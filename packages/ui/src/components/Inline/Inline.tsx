import { clsx } from 'clsx';
import type { AllHTMLAttributes, ElementType, ReactNode } from 'react';
import type { Space } from '../../styles/space';
import * as styles from './Inline.css';

export const inlineAligns = ['stretch', 'start', 'center', 'end', 'baseline'] as const;
export type InlineAlign = (typeof inlineAligns)[number];

export const inlineJustifies = ['start', 'center', 'end', 'between'] as const;
export type InlineJustify = (typeof inlineJustifies)[number];

export const inlineElements = ['div', 'span', 'header', 'footer', 'nav', 'ul', 'ol', 'li'] as const;
export type InlineElement = (typeof inlineElements)[number];

export interface InlineProps
  extends Omit<AllHTMLAttributes<HTMLElement>, 'as' | 'className' | 'style' | 'wrap'> {
  /** The space between children, on the theme's spacing scale. @default 'sm' */
  gap?: Space;
  /** Where children sit in the row's height. @default 'center' */
  align?: InlineAlign;
  /** How the row's spare width is shared; `between` pushes the first and last child to the ends. @default 'start' */
  justify?: InlineJustify;
  /** Children that do not fit move to a next line instead of shrinking. @default false */
  wrap?: boolean;
  /** @default 'div' */
  as?: InlineElement;
  children?: ReactNode;
}

/**
 * Children side by side, spaced from the theme's scale: a toolbar, a row of chips, a label and its
 * action.
 */
export function Inline({
  gap = 'sm',
  align = 'center',
  justify = 'start',
  wrap = false,
  as = 'div',
  children,
  ...props
}: InlineProps) {
  // One element per call; its attributes are checked by the props' type, not per element.
  const Element = as as ElementType;
  return (
    <Element
      {...props}
      className={clsx(
        styles.root,
        styles.gap[gap],
        styles.align[align],
        styles.justify[justify],
        wrap && styles.wrap,
      )}
    >
      {children}
    </Element>
  );
}
