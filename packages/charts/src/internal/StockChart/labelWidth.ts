/**
 * About how wide a short axis label is in pixels, without measuring the DOM: ideographs (万, 亿) take a
 * full em, digits and punctuation about 0.6 em in the theme's sans fonts. Enough to size the margin that
 * holds the labels, so "1234.56" and "8002.47万" are never cut off on the left edge.
 */
export function labelWidth(text: string, fontPx: number): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) >= 0x2e80 ? fontPx : fontPx * 0.6;
  return width;
}

/** The left margin that fits every label of `labels` (each with its font size) plus a gap to the plot. */
export function labelRoom(labels: readonly { text: string; fontPx: number }[], min: number, gap = 8): number {
  return Math.ceil(Math.max(min, ...labels.map((l) => labelWidth(l.text, l.fontPx) + gap)));
}
