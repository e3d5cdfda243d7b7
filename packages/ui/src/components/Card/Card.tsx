import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button as RACButton, Link as RACLink, type LinkProps as RACLinkProps } from 'react-aria-components';
import * as styles from './Card.css';

export const cardVariants = ['outline', 'elevated', 'filled'] as const;
export type CardVariant = (typeof cardVariants)[number];

export const cardPaddings = ['sm', 'md', 'lg'] as const;
export type CardPadding = (typeof cardPaddings)[number];

interface CardBaseProps {
  title?: ReactNode;
  description?: ReactNode;
  /** An icon in a tinted square before the title. */
  icon?: ReactNode;
  /** Content under the heading. */
  children?: ReactNode;
  /** Actions or meta at the bottom (not inside a pressable card: a button inside a button is invalid). */
  footer?: ReactNode;
  /** @default 'outline' */
  variant?: CardVariant;
  /** @default 'md' */
  padding?: CardPadding;
  className?: string;
}

export interface CardProps extends CardBaseProps {
  /** Makes the whole card a button (a suggestion card on the welcome screen). */
  onPress?: () => void;
  /** Makes the whole card a link (a document card); routed through the app's RouterProvider. */
  href?: RACLinkProps['href'];
  isDisabled?: boolean;
  /** The accessible name when the title alone is not enough. */
  'aria-label'?: string;
}

/*
 * Inside a pressable card every element is a span: a <button> may hold phrasing content only, so block
 * elements would make invalid HTML; the spans are laid out as blocks by the styles.
 */
function CardContent({ title, description, icon, children }: CardBaseProps) {
  return (
    <>
      {title || icon || description ? (
        <span className={styles.header}>
          {icon ? (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <span className={styles.headings}>
            {title ? <span className={styles.title}>{title}</span> : null}
            {description ? <span className={styles.description}>{description}</span> : null}
          </span>
        </span>
      ) : null}
      {children ? <span className={styles.body}>{children}</span> : null}
    </>
  );
}

/** A surface that groups related content; optionally pressable or a link as a whole. */
export function Card({
  variant = 'outline',
  padding = 'md',
  onPress,
  href,
  isDisabled,
  footer,
  className,
  'aria-label': ariaLabel,
  ...content
}: CardProps) {
  const classes = clsx(styles.root, styles.variant[variant], styles.padding[padding], className);
  if (href !== undefined) {
    return (
      <RACLink
        href={href}
        isDisabled={isDisabled}
        aria-label={ariaLabel}
        className={clsx(classes, styles.interactive)}
      >
        <CardContent {...content} />
      </RACLink>
    );
  }
  if (onPress) {
    return (
      <RACButton
        onPress={onPress}
        isDisabled={isDisabled}
        aria-label={ariaLabel}
        className={clsx(classes, styles.interactive)}
      >
        <CardContent {...content} />
      </RACButton>
    );
  }
  return (
    <section className={classes} aria-label={ariaLabel}>
      <CardContent {...content} />
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}
