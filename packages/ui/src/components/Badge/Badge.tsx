import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden';
import * as styles from './Badge.css';

export const badgeTones = ['neutral', 'accent', 'info', 'success', 'warning', 'danger'] as const;
export type BadgeTone = (typeof badgeTones)[number];

export const badgeVariants = ['soft', 'solid'] as const;
export type BadgeVariant = (typeof badgeVariants)[number];

const variantStyles = { soft: styles.soft, solid: styles.solid } satisfies Record<BadgeVariant, unknown>;

export interface BadgeProps {
  /** A count or a word or two. */
  children: ReactNode;
  /** @default 'neutral' */
  tone?: BadgeTone;
  /** @default 'soft' */
  variant?: BadgeVariant;
  /** Says what a bare number means (e.g. "10 个会话"); the visible text is then hidden from screen readers. */
  'aria-label'?: string;
  className?: string;
}

/** A small count or status next to a label (the session count of the history list, for example). */
export function Badge({ children, tone = 'neutral', variant = 'soft', className, ...props }: BadgeProps) {
  const label = props['aria-label'];
  return (
    <span className={clsx(styles.root, variantStyles[variant][tone], className)}>
      {label ? (
        <>
          <span aria-hidden="true">{children}</span>
          <VisuallyHidden>{label}</VisuallyHidden>
        </>
      ) : (
        children
      )}
    </span>
  );
}
