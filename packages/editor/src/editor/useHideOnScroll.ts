import { type RefObject, useEffect } from 'react';
import { NARROW_SCREEN_QUERY } from '../constants';

/** How far the paper moves before the bar follows it (px): a jitter of the finger does not flicker it. */
const SLACK = 6;

/**
 * On a phone the menus, title and toolbar are one bar over the top of the paper: it slides away while the
 * user scrolls the paper down and comes back on a scroll up (or when the focus enters it). The bar's height
 * is kept in `--wx-chrome-h` on `root`, which the paper scrolls under. Written by hand: a scroll listener
 * and a ResizeObserver; no library does this for an element that scrolls inside the page.
 */
export function useHideOnScroll(root: RefObject<HTMLElement | null>, chrome: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const [rootEl, bar] = [root.current, chrome.current];
    // The paper's scroll container (the stage).
    const scroller = rootEl?.querySelector<HTMLElement>('[data-wx-stage]');
    if (!rootEl || !bar || !scroller || typeof window.matchMedia !== 'function') return;
    const narrow = window.matchMedia(NARROW_SCREEN_QUERY);
    let last = scroller.scrollTop;
    const setHidden = (hidden: boolean) => {
      if (hidden) bar.dataset.hidden = '';
      else delete bar.dataset.hidden;
    };
    const measure = () => rootEl.style.setProperty('--wx-chrome-h', `${bar.offsetHeight}px`);
    const onScroll = () => {
      const top = scroller.scrollTop;
      if (!narrow.matches || top <= bar.offsetHeight) setHidden(false);
      else if (top - last > SLACK) setHidden(true);
      else if (last - top > SLACK) setHidden(false);
      else return;
      last = top;
    };
    const onFocus = () => setHidden(false);
    const onMedia = () => setHidden(false);
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    measure();
    scroller.addEventListener('scroll', onScroll, { passive: true });
    bar.addEventListener('focusin', onFocus);
    narrow.addEventListener('change', onMedia);
    return () => {
      observer.disconnect();
      scroller.removeEventListener('scroll', onScroll);
      bar.removeEventListener('focusin', onFocus);
      narrow.removeEventListener('change', onMedia);
    };
  }, [root, chrome]);
}
