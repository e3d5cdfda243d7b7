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
