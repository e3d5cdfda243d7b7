import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  composeRenderProps,
  Switch as RACSwitch,
  type SwitchProps as RACSwitchProps,
} from 'react-aria-components';
import * as styles from './Switch.css';

export interface SwitchProps extends Omit<RACSwitchProps, 'children'> {
  /** The label, after the switch. */
  children?: ReactNode;
}

/** An on/off switch for a setting that applies at once (web search in chat, for example). */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <RACSwitch
      {...props}
      className={composeRenderProps(className, (resolved) => clsx(styles.root, resolved))}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      {children}
    </RACSwitch>
  );
}
