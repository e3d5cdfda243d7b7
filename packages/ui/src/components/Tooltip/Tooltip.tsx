import { type ReactNode, type RefObject, useContext, useEffect, useRef, useState } from 'react';
import {
  OverlayArrow,
  type Placement,
  Tooltip as RACTooltip,
  TooltipTrigger,
  TooltipTriggerStateContext,
} from 'react-aria-components';
import { useOverlayTheme } from '../../theme/overlayTheme';
import { useTouchHold } from '../private/useTouchHold';
import * as styles from './Tooltip.css';

/** Hover and keyboard-focus delay: quick enough to feel responsive, slow enough not to flicker. */
export const TOOLTIP_DELAY_MS = 120;
/** How long a finger rests on the trigger before the tooltip shows on touch screens. */
export const TOOLTIP_TOUCH_HOLD_MS = 420;
/** How long a touch-opened tooltip stays after the finger lifts. */
export const TOOLTIP_TOUCH_LINGER_MS = 1500;

export interface TooltipProps {
  /** The tooltip text. Short; it must not hold anything interactive. */
  content: ReactNode;
  /** The trigger: one focusable react-aria element (Button, IconButton, Link…). */
  children: ReactNode;
  /** @default 'top' */
  placement?: Placement;
  /** @default TOOLTIP_DELAY_MS (120 ms) */
  delay?: number;
  /** @default 0 */
  closeDelay?: number;
  /** @default true */
  showArrow?: boolean;
  isDisabled?: boolean;
}

/**
 * The trigger's wrapper, which also hears the mouse over the whole trigger. react-aria listens on the
 * element that takes focus, which for a Switch or a Checkbox is a visually hidden input the pointer never
 * rests on; and it ignores a hover that begins before the pointer has moved anywhere else (its interaction
 * modality is still the keyboard's). Opening through the trigger's state keeps react-aria's delay and its
 * one-tooltip-at-a-time rule; for triggers react-aria does hear, opening twice is opening once.
 */
function HoverArea({
  wrapper,
  isDisabled,
  children,
}: {
  wrapper: RefObject<HTMLSpanElement | null>;
  isDisabled: boolean;
  children: ReactNode;
}) {
  const state = useContext(TooltipTriggerStateContext);
  return (
    <span
      ref={wrapper}
      className={styles.trigger}
      onPointerEnter={(event) => {
        if (!isDisabled && event.pointerType === 'mouse') state?.open();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') state?.close();
      }}
    >
      {children}
    </span>
  );
}

/**
 * A label that appears on hover (after 120 ms), on keyboard focus, and on touch-and-hold (420 ms).
 *
 * react-aria's TooltipTrigger deliberately ignores touch: its hover logic skips touch pointers, and a
 * touch focuses nothing. On phones that leaves icon-only buttons without a way to learn their meaning, so
 * the touch hold is added here (see useTouchHold) and drives the same controlled open state; hover, focus,
 * Escape and aria-describedby wiring stay react-aria's.
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
  delay = TOOLTIP_DELAY_MS,
  closeDelay = 0,
  showArrow = true,
  isDisabled = false,
}: TooltipProps) {
  const [isOpen, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const linger = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const theme = useOverlayTheme(wrapper);

  useTouchHold(wrapper, {
    threshold: TOOLTIP_TOUCH_HOLD_MS,
    isDisabled,
    onHold: () => {
      clearTimeout(linger.current);
      setOpen(true);
    },
    onHoldEnd: () => {
      linger.current = setTimeout(() => setOpen(false), TOOLTIP_TOUCH_LINGER_MS);
    },
  });
  useEffect(() => () => clearTimeout(linger.current), []);

  return (
    <TooltipTrigger
      delay={delay}
      closeDelay={closeDelay}
      isDisabled={isDisabled}
      isOpen={isOpen}
      onOpenChange={setOpen}
    >
      <HoverArea wrapper={wrapper} isDisabled={isDisabled}>
        {children}
      </HoverArea>
      <RACTooltip
        data-theme={theme}
        placement={placement}
        offset={showArrow ? 8 : 6}
        className={styles.tooltip}
      >
        {showArrow ? (
          <OverlayArrow>
            <svg width={8} height={8} viewBox="0 0 8 8" className={styles.arrow} aria-hidden="true">
              <path d="M0 0 L4 4 L8 0" />
            </svg>
          </OverlayArrow>
        ) : null}
        {content}
      </RACTooltip>
    </TooltipTrigger>
  );
}
