import { type RefObject, useEffect, useRef } from 'react';

export interface TouchHoldOptions {
  /** How long a finger must rest before `onHold`. */
  threshold: number;
  onHold: () => void;
  /** The finger lifted after a hold. */
  onHoldEnd?: () => void;
  isDisabled?: boolean;
}

/** A finger that moves further than this is scrolling, not holding. */
const MOVE_TOLERANCE_PX = 10;

/**
 * Detects a touch-and-hold on anything inside `ref` (listening to bubbling pointer events, so the element
 * can be a `display: contents` wrapper around a react-aria trigger).
 *
 * This follows react-aria's `useLongPress` (react-aria/useLongPress): after the hold it cancels the
 * trigger's own press with a synthetic `pointercancel` (lifting the finger must not also activate the
 * button), swallows the click that follows and the context menu Android opens on a long press.
 * It is written out here only because `react-aria` is not a direct dependency of this package (only
 * react-aria-components is, which does not re-export useLongPress); with that dependency this hook
 * becomes a thin wrapper over useLongPress({ pointerType: 'touch' }).
 */
export function useTouchHold(ref: RefObject<HTMLElement | null>, options: TouchHoldOptions): void {
  const latest = useRef(options);
  latest.current = options;
  const { threshold, isDisabled } = options;

  useEffect(() => {
    const element = ref.current;
    if (!element || isDisabled) return;

    let timer: ReturnType<typeof setTimeout> | undefined;
    let origin: { x: number; y: number } | undefined;
    let held = false;

    const clear = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== 'touch' || !event.isPrimary) return;
      const target = event.target;
      origin = { x: event.clientX, y: event.clientY };
      held = false;
      clear();
      timer = setTimeout(() => {
        timer = undefined;
        held = true;
        if (target instanceof EventTarget) {
          target.dispatchEvent(new PointerEvent('pointercancel', { bubbles: true, pointerType: 'touch' }));
        }
        latest.current.onHold();
      }, threshold);
    };

    const onPointerMove = (event: PointerEvent) => {
      if (timer === undefined || !origin) return;
      if (Math.hypot(event.clientX - origin.x, event.clientY - origin.y) > MOVE_TOLERANCE_PX) clear();
    };

    const onPointerEnd = (event: PointerEvent) => {
      // The synthetic pointercancel dispatched above must not count as the finger lifting.
      if (!event.isTrusted && event.type === 'pointercancel') return;
      clear();
      if (held && event.type === 'pointerup') latest.current.onHoldEnd?.();
    };

    const onClick = (event: MouseEvent) => {
      if (!held) return;
      held = false;
      event.preventDefault();
      event.stopPropagation();
    };

    const onContextMenu = (event: MouseEvent) => {
      if (held || timer !== undefined) event.preventDefault();
    };

    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerEnd);
    element.addEventListener('pointercancel', onPointerEnd);
    element.addEventListener('click', onClick, true);
    element.addEventListener('contextmenu', onContextMenu);
    return () => {
      clear();
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerEnd);
      element.removeEventListener('pointercancel', onPointerEnd);
      element.removeEventListener('click', onClick, true);
      element.removeEventListener('contextmenu', onContextMenu);
    };
  }, [ref, threshold, isDisabled]);
}
