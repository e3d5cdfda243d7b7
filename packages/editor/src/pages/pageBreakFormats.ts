import type { JsonNode } from '../convert/nodes';
import { PAGE_BREAK_TYPE } from './pageBreakType';

/** A page break as the converters build it (serialized PageBreakNode). */
export const pageBreakNode = (): JsonNode => ({ type: PAGE_BREAK_TYPE, version: 1 });

/**
 * A page break in Markdown. Markdown has none; this empty div is what Markdown-to-PDF tools and editors
 * such as Typora read as one, it stays invisible in any viewer, and as an HTML block of its own it passes
 * through other tools unchanged. A `<!-- pagebreak -->` comment is read as a break too.
 */
export const MARKDOWN_PAGE_BREAK = '<div style="page-break-after: always;"></div>';

/** Whether a Markdown HTML block is a page break. */
export function isMarkdownPageBreak(html: string): boolean {
  const value = html.trim();
  return (
    /^<div\s+style\s*=\s*["']\s*(page-break-after\s*:\s*always|break-after\s*:\s*page)\s*;?\s*["']\s*>\s*<\/div>$/i.test(
      value,
    ) || /^<!--\s*page\s*-?break\s*-->$/i.test(value)
  );
}

/** The css a paragraph's block style carries for 段前分页. */
export const BREAK_BEFORE_CSS = { property: 'break-before', value: 'page' } as const;

/** Whether a block style (css text) asks for 段前分页. */
export const hasBreakBefore = (css: string): boolean =>
  /(^|;)\s*(page-)?break-before\s*:\s*(page|always)/i.test(css);
