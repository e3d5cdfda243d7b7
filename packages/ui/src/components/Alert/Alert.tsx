import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useUiMessages } from '../../i18n/UiProvider';
import { CloseIcon } from '../../icons';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { ToneIcon } from '../ToneIcon/ToneIcon';
import * as styles from './Alert.css';

export const alertTones = ['neutral', 'info', 'success', 'warning', 'danger'] as const;
export type AlertTone = (typeof alertTones)[number];

export const alertVariants = ['inline', 'banner'] as const;
export type AlertVariant = (typeof alertVariants)[number];

export interface AlertProps {
  /** @default 'info' */
  tone?: AlertTone;
  /** `banner` spans the width of its container with no rounded corners (the chat's error banner). @default 'inline' */
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** The label of an action button at the end, e.g. 刷新页面 or 重试. */
  actionLabel?: string;
  onAction?: () => void;
  /** Shows a × button; called when it is pressed (the parent removes the alert). */
  onDismiss?: () => void;
  /**
   * Danger and warning alerts interrupt (role="alert"); the others wait their turn (role="status").
   * Override when an alert is static content rather than news.
   */
  role?: 'alert' | 'status' | 'none';
  className?: string;
}

/** A message about the state of the page or a task, in a tone; with an optional action and dismiss. */
export function Alert({
  tone = 'info',
  variant = 'inline',
  title,
  children,
  actionLabel,
  onAction,
  onDismiss,
  role,
  className,
}: AlertProps) {
  const messages = useUiMessages();
  const resolvedRole = role ?? (tone === 'danger' || tone === 'warning' ? 'alert' : 'status');
  return (
    <div
      role={resolvedRole === 'none' ? undefined : resolvedRole}
      className={clsx(styles.root, styles.variant[variant], styles.tone[tone], className)}
    >
      <ToneIcon tone={tone} />
      <div className={styles.content}>
        {title ? <div className={styles.title}>{title}</div> : null}
        {children ? <div className={styles.body}>{children}</div> : null}
      </div>
      {actionLabel || onDismiss ? (
        <div className={styles.actions}>
          {actionLabel && onAction ? (
            <Button size="sm" onPress={onAction}>
              {actionLabel}
            </Button>
          ) : null}
          {onDismiss ? (
            <IconButton size="sm" variant="subtle" aria-label={messages.common.close} onPress={onDismiss}>
              <CloseIcon />
            </IconButton>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
