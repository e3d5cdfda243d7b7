/** Limits, lists and timings the editor's parts share. */
export const EDITOR_SNAPSHOT_VERSION = '2.0.0';
export const LEXDOC_FORMAT = 'lexdoc';
export const LEXDOC_VERSION = 2;
export const DEFAULT_TABLE = { rows: 3, columns: 4, withHeader: true } as const;
export const DEFAULT_DOCUMENT_TITLE = '未命名文档';

/**
 * A phone or a narrow window: the side panels open over the paper as drawers (closed at first, closed again
 * by a click on the paper or by Escape) and the toolbar is one row that scrolls sideways.
 */
export const NARROW_SCREEN_QUERY = '(max-width: 900px)';

export const isNarrowScreen = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(NARROW_SCREEN_QUERY).matches;

/** The sheet: A4 at 96 dpi (794 px wide) with 90 px side margins, so 614 px of text width. */
export const PAPER_WIDTH_PX = 794;
export const PAPER_MARGIN_INLINE_PX = 90;
export const PAGE_TEXT_WIDTH_PX = PAPER_WIDTH_PX - 2 * PAPER_MARGIN_INLINE_PX;

/**
 * A side's padding from the document's page setup (pages/PagesPlugin.tsx sets --wx-margin-* on the paper's
 * row), as css: the margin itself on a full-width sheet, so a line holds what it will on paper, and the same
 * share of a narrower one (at least 24 px). Without the variables: 90 px of a 794 px sheet. The paper's
 * padding and the page view's headers and footers both stand on it.
 */
export const paperSide = (side: 'left' | 'right') => {
  const px = `var(--wx-margin-${side}, ${PAPER_MARGIN_INLINE_PX}px)`;
  const share = `var(--wx-margin-${side}-pct, ${Math.round((PAPER_MARGIN_INLINE_PX / PAPER_WIDTH_PX) * 10000) / 100}%)`;
  return `clamp(min(24px, ${px}), ${share}, ${px})`;
};

/**
 * Column widths of a new table: equal columns spanning the text width of the page, as Word and WPS insert
 * them. Stored with the table (Lexical's colWidths), so a table keeps the widths it was given.
 */
export function equalColumnWidths(columns: number, textWidth: number = PAGE_TEXT_WIDTH_PX): number[] {
  const width = Math.floor((textWidth / columns) * 100) / 100;
  return Array.from({ length: columns }, () => width);
}
