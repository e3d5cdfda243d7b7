import { IconButton, Tooltip } from '@wanxiang/ui';
import type { ReactNode } from 'react';

export interface ToolButtonProps {
  label: string;
  onPress(): void;
  isActive?: boolean;
  isDisabled?: boolean;
  /** The action's keys, shown in the tooltip after the label as Word shows them. */
  shortcut?: string;
  children: ReactNode;
}

/** A toolbar button with its 120 ms tooltip; `isActive` marks a format that is on (aria-pressed). */
export function ToolButton({ label, onPress, isActive, isDisabled, shortcut, children }: ToolButtonProps) {
  return (
    <Tooltip content={shortcut ? `${label}（${shortcut}）` : label}>
      <IconButton
        size="sm"
        variant={isActive ? 'subtle' : 'ghost'}
        aria-label={label}
        {...(isActive === undefined ? {} : { 'aria-pressed': isActive })}
        isDisabled={isDisabled}
        onPress={onPress}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}
