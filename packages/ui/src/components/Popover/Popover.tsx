import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  Heading,
  OverlayArrow,
  Dialog as RACDialog,
  type PopoverProps as RACPopoverProps,
} from 'react-aria-components';
import * as overlay from '../../styles/overlay.css';
import { ThemedPopover } from '../private/ThemedPopover';
import * as styles from './Popover.css';

export interface PopoverProps extends Omit<RACPopoverProps, 'children' | 'className'> {
  /** A heading that also names the popover. Without it, give `aria-label`. */
  title?: ReactNode;
  'aria-label'?: string;
  /** A small arrow pointing at the trigger. @default false */
  showArrow?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * Non-modal content anchored to a trigger (a details card, a small form). Put it after the trigger inside
 * <DialogTrigger>; it is a dialog, so focus moves in and Escape or a click outside closes it.
 */
export function Popover({
  title,
  'aria-label': ariaLabel,
  showArrow = false,
  children,
  className,
  offset = 8,
  ...props
}: PopoverProps) {
  return (
    <ThemedPopover
      {...props}
      offset={offset}
      className={clsx(overlay.popoverSurface, styles.popover, className)}
    >
      {showArrow ? (
        <OverlayArrow>
          <svg width={12} height={12} viewBox="0 0 12 12" className={styles.arrow} aria-hidden="true">
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
      ) : null}
      <RACDialog aria-label={ariaLabel} className={styles.dialog}>
        {title ? (
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
        ) : null}
        {children}
      </RACDialog>
    </ThemedPopover>
  );
}
