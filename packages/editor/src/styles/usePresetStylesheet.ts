import { useEffect, useRef } from 'react';
import { buildPresetStylesheet, type StylePresets } from './presets';

/**
 * The style presets as a constructed stylesheet scoped to this paper. A constructed sheet goes through the
 * CSSOM, which the app's Content-Security-Policy (no inline <style>) allows.
 */
export function usePresetStylesheet(paperId: string, presets: StylePresets) {
  const sheet = useRef<CSSStyleSheet | null>(null);
  useEffect(() => {
    const created = new CSSStyleSheet();
    sheet.current = created;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, created];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== created);
      sheet.current = null;
    };
  }, []);
  useEffect(() => {
    sheet.current?.replaceSync(buildPresetStylesheet(`[data-wx-paper="${paperId}"]`, presets));
  }, [paperId, presets]);
}
