import { type RefObject, useSyncExternalStore } from 'react';

/*
 * react-aria portals popovers, menus, dialogs, tooltips and toasts to <body>, out of the element that
 * opened them. On a page whose theme is on <html> they inherit it anyway; but a host may theme only the
 * part of its page that holds the editor (`<div data-theme="dark">`), and an overlay opened from there must
 * look like that part, not like the page. So each overlay carries the `data-theme` of the nearest themed
 * element around the element it belongs to (its trigger, or where it is rendered), and follows it while
 * open.
 *
 * Carrying the attribute rather than portalling into the themed element (react-aria's
 * UNSAFE_PortalProvider): an overlay inside the host's element would be clipped by its overflow and
 * stacked under its siblings, and the provider lives in `react-aria`, which is not one of our peers.
 */

const listeners = new Set<() => void>();
let observer: MutationObserver | undefined;

/** One observer for every overlay: it wakes only when some `data-theme` changes, which is rare. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!observer && typeof MutationObserver !== 'undefined') {
    observer = new MutationObserver(() => {
      for (const notify of listeners) notify();
    });
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
      subtree: true,
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = undefined;
    }
  };
}

/**
 * The `data-theme` an overlay that belongs to `element` must carry: that of the nearest themed element
 * around it, unless that is the page's own (<html> or <body>), which a portalled overlay inherits already
 * (and keeps following as the page's theme changes).
 */
export function themeAround(element: Element | null | undefined): string | undefined {
  const themed = element?.closest('[data-theme]');
  if (!themed) return undefined;
  const { documentElement, body } = themed.ownerDocument;
  if (themed === documentElement || themed === body) return undefined;
  return themed.getAttribute('data-theme') ?? undefined;
}

const none = () => undefined;

/**
 * The theme for an overlay that belongs to the element `anchor` points at (see `themeAround`), kept up to
 * date when a `data-theme` changes. Give it to the overlay's outermost element as `data-theme`.
 */
export function useOverlayTheme(anchor: RefObject<Element | null> | null | undefined): string | undefined {
  return useSyncExternalStore(subscribe, () => themeAround(anchor?.current), none);
}
