import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  Header,
  Keyboard,
  type Placement,
  Menu as RACMenu,
  MenuItem as RACMenuItem,
  type MenuItemProps as RACMenuItemProps,
  type MenuProps as RACMenuProps,
  MenuSection as RACMenuSection,
  type MenuSectionProps as RACMenuSectionProps,
  Separator,
} from 'react-aria-components';
import { CheckIcon } from '../../icons';
import * as overlay from '../../styles/overlay.css';
import { ThemedPopover } from '../private/ThemedPopover';
import * as styles from './Menu.css';

export { MenuTrigger, type MenuTriggerProps } from 'react-aria-components';

export interface MenuProps<T extends object> extends Omit<RACMenuProps<T>, 'className'> {
  /** Where the menu opens relative to its trigger. @default 'bottom start' */
  placement?: Placement;
  className?: string;
}

/**
 * A menu of actions in a popover. Put it after the trigger inside <MenuTrigger>; react-aria wires the
 * keyboard (arrows, typeahead, Escape) and returns focus to the trigger when it closes.
 */
export function Menu<T extends object>({ placement = 'bottom start', className, ...props }: MenuProps<T>) {
  return (
    <ThemedPopover placement={placement} offset={4} className={clsx(overlay.popoverSurface, className)}>
      <RACMenu {...props} className={overlay.list} />
    </ThemedPopover>
  );
}

export const menuItemTones = ['default', 'danger'] as const;
export type MenuItemTone = (typeof menuItemTones)[number];

export interface MenuItemProps<T extends object> extends Omit<RACMenuItemProps<T>, 'children' | 'className'> {
  icon?: ReactNode;
  /** A second line under the label. */
  description?: ReactNode;
  /** A keyboard shortcut shown at the end (the shortcut itself is the app's to handle). */
  shortcut?: string;
  /** `danger` for destructive actions such as 删除. @default 'default' */
  tone?: MenuItemTone;
  children: ReactNode;
}

/** One action of a Menu: a label, an optional icon, description and shortcut; `tone="danger"` for 删除. */
export function MenuItem<T extends object>({
  icon,
  description,
  shortcut,
  tone = 'default',
  children,
  ...props
}: MenuItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <RACMenuItem
      {...props}
      textValue={textValue}
      className={clsx(overlay.listItem, tone === 'danger' && styles.danger)}
    >
      {({ selectionMode }) => (
        <>
          {selectionMode !== 'none' ? (
            <span className={styles.check} aria-hidden="true">
              <CheckIcon />
            </span>
          ) : null}
          {icon ? (
            <span className={clsx(overlay.listItemIcon, styles.dangerIcon)} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <span className={overlay.listItemLabel}>
            {children}
            {description ? <span className={overlay.listItemDescription}>{description}</span> : null}
          </span>
          {shortcut ? <Keyboard className={styles.shortcut}>{shortcut}</Keyboard> : null}
        </>
      )}
    </RACMenuItem>
  );
}

export interface MenuSectionProps<T extends object>
  extends Omit<RACMenuSectionProps<T>, 'className' | 'children' | 'items'> {
  /** The visible heading of the group; without it give `aria-label`. */
  title?: string;
  children: ReactNode;
}

/** A group of items; with `selectionMode` its items become radio or checkbox items. */
export function MenuSection<T extends object>({ title, children, ...props }: MenuSectionProps<T>) {
  return (
    <RACMenuSection {...props} aria-label={props['aria-label'] ?? title} className={overlay.section}>
      {title ? <Header className={overlay.sectionHeader}>{title}</Header> : null}
      {children}
    </RACMenuSection>
  );
}

/** A line between groups of a Menu's items. */
export function MenuSeparator() {
  return <Separator className={overlay.separator} />;
}
