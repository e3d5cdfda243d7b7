import { useEffect, useState } from 'react';

/**
 * The paper paints first; the menus, toolbar and side panel (many controls) mount in the next frame, so a
 * long document shows as early as possible. Their boxes keep their size meanwhile: nothing jumps.
 */
export function useDeferredChrome() {
  const [chromeReady, setChromeReady] = useState(false);
  const [panelReady, setPanelReady] = useState(false);
  useEffect(() => {
    // Two frames: the first one paints the paper, the controls render after it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setChromeReady(true));
    });
    // The side panel (outline of every heading) waits for an idle moment.
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => setPanelReady(true), { timeout: 500 })
        : window.setTimeout(() => setPanelReady(true), 50);
    return () => {
      cancelAnimationFrame(frame);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, []);
  return { chromeReady, panelReady };
}
