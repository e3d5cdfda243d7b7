import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/*
 * The page view's zoom (useZoom): the paper's row drawn at `--wx-zoom`, set with the attribute on the desk.
 *
 * Why `transform: scale()` and not the CSS `zoom` property: zoom lays the text out again at the zoomed font
 * size, and glyphs at 8 px are not exactly half as wide as at 16 px, so lines may break elsewhere and a
 * block land on another sheet; it also leaves some lengths unscaled (the page gaps' `shape-outside` bands
 * came out at the wrong height). A transform only draws: the lines, the gaps and the sheets are the ones
 * laid out at 100 %, so every block is on the same sheet at every zoom, and nothing is laid out again when
 * the zoom changes. The browser maps through the transform what is drawn: clicks and the caret, the
 * selection, the IME's candidate window, scrolling the caret or a found match into view (by their drawn
 * boxes), the popovers placed at the selection. What it does not do is size the row's box, so this does:
 * - the row keeps the page's width at every zoom (the layout's), drawn from its top-left corner, centred
 *   on the desk by its left margin while it fits and flush left (the desk scrolls sideways) when wider;
 * - its bottom margin gives back (or adds) the height it no longer (or now) takes, so the desk scrolls
 *   over the sheets as drawn (useZoom sets it, as it follows the row's height).
 * The boxes the page view measures come scaled too: pageLayout.ts divides them by the scale (drawnScale.ts).
 */
globalStyle(`[data-wx-stage][data-wx-zoom] > div`, {
  width: 'var(--wx-page-w, 794px)',
  maxWidth: 'none',
  marginLeft: 'max(0px, calc((100% - var(--wx-page-w, 794px) * var(--wx-zoom, 1)) / 2))',
  // The row's margin box as drawn: a block's margin box, not its drawn box, is what the desk scrolls
  // over sideways, so the right margin gives back (or adds) the width the scale takes away (or adds).
  marginRight: 'calc(var(--wx-page-w, 794px) * (var(--wx-zoom, 1) - 1))',
  '@media': { print: { margin: '0 !important' } },
});

// Drawn scaled only away from 100 %: a transform, even scale(1), makes the row a stacking context and a
// containing block, and the page view lifts it while it measures (below), which at 100 % would redo the
// whole document's paint properties on every keystroke for nothing.
globalStyle(`[data-wx-stage][data-wx-zoom]:not([data-wx-zoom="1"]) > div`, {
  transform: 'scale(var(--wx-zoom, 1))',
  transformOrigin: '0 0',
  '@media': { print: { transform: 'none' } },
});

// While the page view measures (pageLayout.ts), the row is laid out and read at 100 %.
globalStyle(`[data-wx-stage][data-wx-zoom][data-wx-measuring] > div`, { transform: 'none' });

/** The zoom control: bottom-right over the desk, where Word and WPS keep theirs in the status bar. */
export const control = style({
  position: 'absolute',
  // Clear of the desk's scroll bars, and of the right panel when it is open (320 px, WordEditor.css.ts).
  insetInlineEnd: vars.space.lg,
  insetBlockEnd: '20px',
  selectors: { '&[data-beside-panel]': { insetInlineEnd: `calc(320px + ${vars.space.lg})` } },
  zIndex: 2,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.full,
  boxShadow: vars.shadow.sm,
});

/** The scale's button: wide enough for 100% so the control does not change width as it zooms. */
export const scaleButton = style({
  minWidth: '4.5em',
  fontVariantNumeric: 'tabular-nums',
});
