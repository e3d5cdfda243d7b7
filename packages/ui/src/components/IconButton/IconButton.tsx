import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  composeRenderProps,
  ProgressBar,
  Button as RACButton,
  type ButtonProps as RACButtonProps,
} from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { SpinnerGlyph } from '../Spinner/Spinner';
import * as styles from './IconButton.css';

export const iconButtonVariants = ['ghost', 'subtle', 'secondary', 'primary', 'danger'] as const;
export type IconButtonVariant = (typeof iconButtonVariants)[number];

export const iconButtonSizes = ['sm', 'md', 'lg'] as const;
export type IconButtonSize = (typeof iconButtonSizes)[number];

export const iconButtonShapes = ['square', 'circle'] as const;
export type IconButtonShape = (typeof iconButtonShapes)[number];

export interface IconButtonProps extends Omit<RACButtonProps, 'children' | 'aria-label'> {
  /** An icon has no text, so the name is required: it is what a screen reader announces. */
  'aria-label': string;
  /** @default 'ghost' */
  variant?: IconButtonVariant;
  /** @default 'md' */
  size?: IconButtonSize;
  /** @default 'square' */
  shape?: IconButtonShape;
  /** The icon. */
  children: ReactNode;
}

/** A button that shows only an icon. Pair it with a Tooltip when the meaning is not obvious. */
export function IconButton({
  variant = 'ghost',
  size = 'md',
  shape = 'square',
  children,
  className,
  ...props
}: IconButtonProps) {
  const messages = useUiMessages();
  if (!props['aria-label']?.trim()) {
    // The type already requires it; this catches an empty string, which would leave the button nameless.
    console.error('IconButton: `aria-label` must name the action (for example 关闭).');
  }
  return (
    <RACButton
      {...props}
      className={composeRenderProps(className, (resolved) =>
        clsx(styles.root({ variant, size, shape }), resolved),
      )}
    >
      {({ isPending }) => (
        <>
          <span className={styles.content}>{children}</span>
          {isPending ? (
            <ProgressBar isIndeterminate aria-label={messages.common.loading} className={styles.pending}>
              <SpinnerGlyph size="sm" />
            </ProgressBar>
          ) : null}
        </>
      )}
    </RACButton>
  );
}
