import { clsx } from 'clsx';
import type { AllHTMLAttributes, ElementType, ReactNode } from 'react';
import type { Space } from '../../styles/space';
import * as styles from './Stack.css';

export const stackAligns = ['stretch', 'start', 'center', 'end'] as const;
export type StackAlign = (typeof stackAligns)[number];

export const stackElements = [
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'form',
  'ul',
  'ol',
  'li',
] as const;
export type StackElement = (typeof stackElements)[number];

export interface StackProps extends Omit<AllHTMLAttributes<HTMLElement>, 'as' | 'className' | 'style'> {
  /** The space between children, on the theme's spacing scale. @default 'md' */
  gap?: Space;
  /** Where children sit across the stack; stretched, they take its whole width. @default 'stretch' */
  align?: StackAlign;
  /** The element rendered, for its meaning (a form, a list). @default 'div' */
  as?: StackElement;
  children?: ReactNode;
}

/**
 * Children one under the other, spaced evenly from the theme's scale: what a page would otherwise write
 * as `display: flex; flex-direction: column; gap` in its own stylesheet.
 */
export function Stack({ gap = 'md', align = 'stretch', as = 'div', children, ...props }: StackProps) {
  // One element per call; its attributes are checked by the props' type, not per element.
  const Element = as as ElementType;
  return (
    <Element {...props} className={clsx(styles.root, styles.gap[gap], styles.align[align])}>
      {children}
    </Element>
  );
}
