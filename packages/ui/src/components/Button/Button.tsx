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
import * as styles from './Button.css';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];

export const buttonSizes = ['sm', 'md', 'lg'] as const;
export type ButtonSize = (typeof buttonSizes)[number];

export interface ButtonProps extends Omit<RACButtonProps, 'children'> {
  /** @default 'secondary' */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: ButtonSize;
  /** Stretch to the width of the container (forms, dialogs on phones). */
  isFullWidth?: boolean;
  /** An icon before the label. */
  iconStart?: ReactNode;
  /** An icon after the label. */
  iconEnd?: ReactNode;
  children?: ReactNode;
}

/**
 * The pending ring is a react-aria ProgressBar: Button hands it an id through context and adds it to the
 * button's accessible name, so screen readers hear "保存, 加载中..." while the action runs.
 */
function PendingIndicator({ label }: { label: string }) {
  return (
    <ProgressBar isIndeterminate aria-label={label} className={styles.pending}>
      <SpinnerGlyph size="sm" />
    </ProgressBar>
  );
}

/**
 * A labelled action. `primary` for the one main action of a view (保存, 发送), `secondary` for the others,
 * `ghost` for quiet actions in toolbars and lists, `danger` for destructive ones (删除). `isPending` shows a
 * ring and keeps the button focusable but inert while the action runs; an icon-only action is an IconButton.
 */
export function Button({
  variant = 'secondary',
  size = 'md',
  isFullWidth = false,
  iconStart,
  iconEnd,
  children,
  className,
  ...props
}: ButtonProps) {
  const messages = useUiMessages();
  return (
    <RACButton
      {...props}
      className={composeRenderProps(className, (resolved) =>
        clsx(styles.root({ variant, size, fullWidth: isFullWidth }), resolved),
      )}
    >
      {({ isPending }) => (
        <>
          <span className={styles.content}>
            {iconStart ? <span className={styles.icon}>{iconStart}</span> : null}
            {children != null ? <span className={styles.label}>{children}</span> : null}
            {iconEnd ? <span className={styles.icon}>{iconEnd}</span> : null}
          </span>
          {isPending ? <PendingIndicator label={messages.common.loading} /> : null}
        </>
      )}
    </RACButton>
  );
}
