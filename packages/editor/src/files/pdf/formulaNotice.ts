import { t } from '../../i18n/zh-CN';

/** How many sources the notice quotes, and how long each may be: a toast is a line or two. */
const QUOTED = 3;
const QUOTED_CHARS = 40;

/**
 * The notice after a PDF export whose formulas could not all be typeset: how many print as their LaTeX
 * source, and the first of them, each cut short.
 */
export function formulaFallbackNotice(sources: readonly string[]): string {
  const quoted = sources.slice(0, QUOTED).map((tex) => {
    const chars = Array.from(tex.replace(/\s+/g, ' ').trim());
    return `$${chars.length > QUOTED_CHARS ? `${chars.slice(0, QUOTED_CHARS).join('')}…` : chars.join('')}$`;
  });
  return t.formula.pdfFallback(sources.length, `${quoted.join('、')}${sources.length > QUOTED ? ' 等' : ''}`);
}
