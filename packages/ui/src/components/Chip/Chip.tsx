import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import * as styles from './Chip.css';

export const chipTones = ['neutral', 'accent', 'info', 'success', 'warning', 'danger'] as const;
export type ChipTone = (typeof chipTones)[number];

export const chipVariants = ['soft', 'outline'] as const;
export type ChipVariant = (typeof chipVariants)[number];

export const chipSizes = ['sm', 'md'] as const;
export type ChipSize = (typeof chipSizes)[number];

const variantStyles = { soft: styles.soft, outline: styles.outline } satisfies Record<ChipVariant, unknown>;

export interface ChipProps {
  children: ReactNode;
  icon?: ReactNode;
  /** @default 'neutral' */
  tone?: ChipTone;
  /** @default 'soft' */
  variant?: ChipVariant;
  /** @default 'sm' */
  size?: ChipSize;
  className?: string;
}

/** A compact label for a status or category (the stock board's phase chips, a plan name). */
export function Chip({
  children,
  icon,
  tone = 'neutral',
  variant = 'soft',
  size = 'sm',
  className,
}: ChipProps) {
  return (
    <span className={clsx(styles.root, styles.size[size], variantStyles[variant][tone], className)}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.label}>{children}</span>
    </span>
  );
}
