import { globalStyle } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/*
 * 页面视图 (PageViewPlugin): the paper itself goes clear, and the sheets drawn behind the text take its
 * look, one per page with the desk between them.
 */
const view = '[data-wx-paper][data-wx-page-view]';

globalStyle(view, {
  background: 'transparent',
  border: 'none',
  boxShadow: 'none',
  isolation: 'isolate',
});

globalStyle(`${view} > [data-wx-sheets]`, {
  position: 'absolute',
  inset: '0 0 auto 0',
  zIndex: -1,
  pointerEvents: 'none',
});

globalStyle(`${view} > [data-wx-sheets] > div`, {
  position: 'absolute',
  insetInline: 0,
  boxSizing: 'border-box',
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.subtle}`,
  boxShadow: vars.shadow.sm,
});

// Every block is laid out, far ones too: where a sheet ends depends on the height of all that is above it.
globalStyle(`${view} [data-lexical-editor] > *`, { contentVisibility: 'visible' });

// A page gap in a block: a float as wide as the block whose shape is a band at the gap's height, so that
// the lines that would fall in it go below it (pageLayout.ts).
globalStyle(`${view} [data-lexical-editor] > [data-wx-page-gap]::before`, {
  content: '""',
  float: 'left',
  width: '100%',
  height: 'var(--wx-page-gap-h)',
  shapeOutside: 'var(--wx-page-gap-shape)',
});

// Printed, the browser makes the pages itself (with the page setup's @page): no sheets, no gaps.
globalStyle(`${view} > [data-wx-sheets], ${view} [data-lexical-editor] > [data-wx-page-gap]::before`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`${view} [data-lexical-editor] > [data-wx-page-push]`, {
  '@media': { print: { marginTop: 'var(--wx-page-natural-mt) !important' } },
});
globalStyle(view, { '@media': { print: { minHeight: '0 !important' } } });

// A table cut between two rows (tableCut.ts): the row that goes over opens the gap above its cells'
// content; the table is clipped where the gap crosses the foot, the desk and the next sheet's margin; the
// header copies and rules stand in a layer over the paper that nothing reaches but the eye.
globalStyle(`${view} [data-lexical-editor] > table[data-wx-page-cut]`, {
  clipPath: 'var(--wx-page-cut-clip)',
});
globalStyle(
  `${view} [data-lexical-editor] > table > tr[data-wx-page-cut] > :is(th, td)::before, ${view} [data-lexical-editor] > table > tbody > tr[data-wx-page-cut] > :is(th, td)::before`,
  { content: '""', display: 'block', height: 'var(--wx-page-cut-h)' },
);
globalStyle(`${view} > [data-wx-page-repeats]`, {
  position: 'absolute',
  inset: '0 0 auto 0',
  height: 0,
  minHeight: 0,
  padding: 0,
  margin: 0,
  pointerEvents: 'none',
  userSelect: 'none',
});
globalStyle(`${view} > [data-wx-page-repeats] > *`, {
  position: 'absolute',
  margin: 0,
  boxSizing: 'border-box',
});
globalStyle(`${view} > [data-wx-page-repeats] > table`, { tableLayout: 'fixed', maxWidth: 'none' });
globalStyle(`${view} > [data-wx-page-repeats] > [data-wx-page-rule]`, {
  height: 0,
  borderTop: `1px solid ${vars.color.border.strong}`,
});
globalStyle(`${view} > [data-wx-page-repeats]`, { '@media': { print: { display: 'none' } } });
globalStyle(
  `${view} [data-lexical-editor] > table > tr[data-wx-page-cut] > :is(th, td)::before, ${view} [data-lexical-editor] > table > tbody > tr[data-wx-page-cut] > :is(th, td)::before`,
  { '@media': { print: { display: 'none' } } },
);
globalStyle(`${view} [data-lexical-editor] > table[data-wx-page-cut]`, {
  '@media': { print: { clipPath: 'none' } },
});
