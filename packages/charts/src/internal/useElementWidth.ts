import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The content width of an element, kept current by a ResizeObserver, so a chart follows its container
 * (a resized window, a collapsed sidebar, a grid column). Measured once before the first paint as well,
 * so the chart never flashes at a wrong width.
 */
export function useElementWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
