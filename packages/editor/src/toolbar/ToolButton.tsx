import { IconButton, Tooltip } from '@wanxiang/ui';
import type { ReactNode } from 'react';

export interface ToolButtonProps {
  label: string;
  onPress(): void;
  isActive?: boolean;
  isDisabled?: boolean;
  children: ReactNode;
}

/** A toolbar button with its 120 ms tooltip; `isActive` marks a format that is on (aria-pressed). */
export function ToolButton({ label, onPress, isActive, isDisabled, children }: ToolButtonProps) {
  return (
    <Tooltip content={label}>
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
