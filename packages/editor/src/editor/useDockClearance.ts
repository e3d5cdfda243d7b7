import { type RefObject, useLayoutEffect } from 'react';

/**
 * The floating dock (the assistant's question box) lies over the bottom of the stage. The stage learns how
 * much of it the dock covers (--wx-dock-clearance), and leaves that much room under the paper and keeps the
 * caret's line that far from its bottom edge, so the last lines scroll clear of the dock. The dock's height
 * follows its content (a longer question, files) and an on-screen keyboard lifting it, so it is measured as
 * it changes.
 */
export function useDockClearance(
  stageRef: RefObject<HTMLElement | null>,
  dockRef: RefObject<HTMLElement | null>,
  hasDock: boolean,
) {
  useLayoutEffect(() => {
    const stage = stageRef.current;
    const dock = dockRef.current;
    if (!stage) return;
    if (!hasDock || !dock) {
      stage.style.removeProperty('--wx-dock-clearance');
      return;
    }
    const update = () => {
      const card = dock.firstElementChild ?? dock;
      const covered = stage.getBoundingClientRect().bottom - card.getBoundingClientRect().top;
      stage.style.setProperty('--wx-dock-clearance', `${Math.max(0, Math.round(covered))}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(dock);
    if (dock.firstElementChild) observer?.observe(dock.firstElementChild);
    observer?.observe(stage);
    const viewport = typeof window !== 'undefined' ? window.visualViewport : null;
    viewport?.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      viewport?.removeEventListener('resize', update);
    };
  }, [stageRef, dockRef, hasDock]);
}
