import { type KeyboardEvent, type PointerEvent, useCallback, useState } from 'react';
import { flushSync } from 'react-dom';

/** The point a crosshair shows, and whether the pointer or the keyboard put it there. */
export interface Crosshair {
  readonly index: number;
  readonly via: 'pointer' | 'keyboard';
}

/**
 * The crosshair of a stock chart over `count` points: ←/→ step one point (the first press starts at the
 * latest), Home/End jump to the ends, Esc clears it; the pointer shows the point `indexAt` finds under it.
 * A mouse leaving the plot clears it, a finger lifting keeps it so it can be read; leaving focus clears it.
 */
export function useCrosshair(count: number, indexAt: (plotX: number) => number | undefined) {
  const [active, setActive] = useState<Crosshair | null>(null);
  // Points can go away under the crosshair (new data, a shorter day): it then shows nothing.
  const current = active && active.index < count ? active : null;

  const show = useCallback((index: number | undefined, via: Crosshair['via']) => {
    if (index === undefined) return;
    setActive((prev) => (prev && prev.index === index && prev.via === via ? prev : { index, via }));
  }, []);

  const fromPointer = (event: PointerEvent<HTMLElement>) => {
    if (count === 0) return;
    const left = event.currentTarget.getBoundingClientRect().left;
    // The overlay alone re-renders (the drawing is memoised), so it follows the pointer in the same frame.
    flushSync(() => show(indexAt(event.clientX - left), 'pointer'));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count === 0) return;
    const at = current?.index ?? -1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = at < 0 ? count - 1 : Math.min(at + 1, count - 1);
        break;
      case 'ArrowLeft':
        next = at < 0 ? count - 1 : Math.max(at - 1, 0);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      case 'Escape':
        if (!current) return;
        setActive(null);
        event.preventDefault();
        return;
      default:
        return;
    }
    event.preventDefault();
    show(next, 'keyboard');
  };

  const handlers = {
    onKeyDown,
    onPointerMove: fromPointer,
    onPointerDown: fromPointer,
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType !== 'touch') setActive((prev) => (prev?.via === 'pointer' ? null : prev));
    },
    onBlur: () => setActive(null),
  };
  return { active: current, handlers };
}
