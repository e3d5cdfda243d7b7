import { type PageSetup, pageSizeMm } from './pageSetup';

const mm = (n: number) => `${Math.round(n * 100) / 100}mm`;

/**
 * The print stylesheet of one editor's paper (data-wx-paper="<id>"): the page's size and margins (@page),
 * the paper alone on it (every element that neither holds nor is inside the paper is hidden, the paper's
 * ancestors lose their own layout, scrolling and frames), and the page breaks as the browser's. It is in
 * the page all the while the editor is, so the browser's own print command prints the document too.
 */
export function printStylesheet(paperId: string, setup: PageSetup): string {
  const { widthMm, heightMm } = pageSizeMm(setup);
  const m = setup.margins;
  const paper = `[data-wx-paper="${paperId.replace(/[^\w-]/g, '')}"]`;
  return `@page { size: ${mm(widthMm)} ${mm(heightMm)}; margin: ${mm(m.top)} ${mm(m.right)} ${mm(m.bottom)} ${mm(m.left)}; }
@media print {
  html, body { height: auto !important; min-height: 0 !important; overflow: visible !important; background: #fff !important; }
  body *:not(:has(${paper})):not(${paper}):not(${paper} *) { display: none !important; }
  body *:has(${paper}) {
    display: block !important; position: static !important; overflow: visible !important;
    height: auto !important; min-height: 0 !important; max-height: none !important;
    width: auto !important; max-width: none !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; box-shadow: none !important; transform: none !important; container-type: normal !important;
    background: none !important;
  }
  ${paper} {
    width: auto !important; min-height: 0 !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; box-shadow: none !important;
  }
  ${paper} [contenteditable] { min-height: 0 !important; }
  ${paper} .wx-ed-pagebreak { break-after: page; height: 0 !important; margin: 0 !important; padding: 0 !important; border: 0 !important; }
  ${paper} .wx-ed-pagebreak > * { display: none !important; }
}
`;
}
