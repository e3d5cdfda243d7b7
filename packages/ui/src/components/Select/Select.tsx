import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  Header,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  ListBoxSection,
  type ListBoxSectionProps,
  Button as RACButton,
  Select as RACSelect,
  type SelectProps as RACSelectProps,
  SelectValue,
  type ValidationResult,
} from 'react-aria-components';
import { useUiMessages } from '../../i18n/UiProvider';
import { CheckIcon, ChevronDownIcon } from '../../icons';
import * as field from '../../styles/field.css';
import * as overlay from '../../styles/overlay.css';
import { FieldDescription, FieldErrorText, FieldLabel } from '../private/FieldParts';
import { ThemedPopover } from '../private/ThemedPopover';
import * as styles from './Select.css';

export interface SelectProps<T extends object>
  extends Omit<RACSelectProps<T, 'single'>, 'children' | 'className' | 'selectionMode'> {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Shown while nothing is selected. @default the catalogue's "请选择" */
  placeholder?: string;
  /** Options as data, rendered by the `children` function. */
  items?: Iterable<T>;
  /** <SelectItem>s and <SelectSection>s, or a function of each item of `items`. */
  children: ReactNode | ((item: T) => ReactNode);
  className?: string;
}

/** A single choice from a list in a popover (the model selector, for example), on react-aria's Select. */
export function Select<T extends object>({
  label,
  description,
  errorMessage,
  placeholder,
  items,
  children,
  className,
  ...props
}: SelectProps<T>) {
  const messages = useUiMessages();
  return (
    <RACSelect
      {...props}
      placeholder={placeholder ?? messages.select.placeholder}
      className={clsx(field.field, className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <RACButton className={styles.trigger}>
        <SelectValue className={styles.value} />
        <span className={styles.chevron} aria-hidden="true">
          <ChevronDownIcon />
        </span>
      </RACButton>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <ThemedPopover className={clsx(overlay.popoverSurface, styles.popover)} offset={4}>
        <ListBox className={overlay.list} items={items}>
          {children}
        </ListBox>
      </ThemedPopover>
    </RACSelect>
  );
}

export interface SelectItemProps<T extends object>
  extends Omit<ListBoxItemProps<T>, 'children' | 'className'> {
  /** An icon before the label. */
  icon?: ReactNode;
  /** A second line under the label (a model's price, for example). */
  description?: ReactNode;
  children: ReactNode;
}

/** One option of a Select; its text is also what typeahead matches. */
export function SelectItem<T extends object>({ icon, description, children, ...props }: SelectItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <ListBoxItem {...props} textValue={textValue} className={overlay.listItem}>
      {icon ? (
        <span className={clsx(overlay.listItemIcon, styles.valueIcon)} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={overlay.listItemLabel}>
        {children}
        {description ? (
          <span className={clsx(overlay.listItemDescription, styles.description)}>{description}</span>
        ) : null}
      </span>
      <span className={styles.check} aria-hidden="true">
        <CheckIcon />
      </span>
    </ListBoxItem>
  );
}

export interface SelectSectionProps<T extends object>
  extends Omit<ListBoxSectionProps<T>, 'className' | 'children' | 'items'> {
  /** The visible heading of the group. */
  title: string;
  /** The group's <SelectItem>s. */
  children: ReactNode;
}

/** A titled group of a Select's options. */
export function SelectSection<T extends object>({ title, children, ...props }: SelectSectionProps<T>) {
  return (
    <ListBoxSection {...props} aria-label={props['aria-label'] ?? title} className={overlay.section}>
      <Header className={overlay.sectionHeader}>{title}</Header>
      {children}
    </ListBoxSection>
  );
}
