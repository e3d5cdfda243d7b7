/**
 * The scale the page view's zoom draws the paper at (useZoom: a `transform: scale()` on the paper's row,
 * its `--wx-zoom`): what getBoundingClientRect and getClientRects multiply every length by, against the CSS
 * pixels the layout is in. Read from the scale as set, not from a ratio of two measured widths, which
 * rounding would make wrong by a pixel every few thousand. 1 outside the zoom.
 */
/** Set on the desk while the page view measures: the zoom's transform is lifted (zoom.css.ts). */
export const MEASURING_ATTRIBUTE = 'data-wx-measuring';

export function drawnScaleOf(element: Element): number {
  const zoomed = element.closest('[data-wx-zoom]');
  if (!zoomed || zoomed.hasAttribute(MEASURING_ATTRIBUTE)) return 1;
  // useZoom writes the same scale as the attribute's value: read there, no style has to be computed.
  const scale = Number.parseFloat(zoomed.getAttribute('data-wx-zoom') ?? '');
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}
