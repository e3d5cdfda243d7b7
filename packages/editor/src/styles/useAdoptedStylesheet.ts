import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps `css` in the page as a constructed stylesheet while the component is mounted, replacing its text
 * when it changes. A constructed sheet goes through the CSSOM, which the app's Content-Security-Policy (no
 * inline <style>) allows. The style presets, the print stylesheet and the printed headers and footers each
 * have one.
 */
export function useAdoptedStylesheet(css: string): void {
  const sheet = useRef<CSSStyleSheet | null>(null);
  useLayoutEffect(() => {
    const created = new CSSStyleSheet();
    sheet.current = created;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, created];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== created);
      sheet.current = null;
    };
  }, []);
  useLayoutEffect(() => {
    sheet.current?.replaceSync(css);
  }, [css]);
}
