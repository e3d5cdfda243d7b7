import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  composeRenderProps,
  Checkbox as RACCheckbox,
  type CheckboxProps as RACCheckboxProps,
} from 'react-aria-components';
import { CheckIcon, MinusIcon } from '../../icons';
import * as styles from './Checkbox.css';

export interface CheckboxProps extends Omit<RACCheckboxProps, 'children'> {
  /** The label, next to the box. */
  children?: ReactNode;
}

/** A checkbox with its label; the whole label is the hit area. */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <RACCheckbox
      {...props}
      className={composeRenderProps(className, (resolved) => clsx(styles.root, resolved))}
    >
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isIndeterminate ? (
              <MinusIcon strokeWidth={3} />
            ) : isSelected ? (
              <CheckIcon strokeWidth={3} />
            ) : null}
          </span>
          {children}
        </>
      )}
    </RACCheckbox>
  );
}
