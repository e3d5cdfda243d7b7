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
// Except those below the sheets laid out so far (pageLayout.ts): unrendered until a layout reaches them,
// as in 连续视图, each as tall as the blocks laid out are on average meanwhile. Printed, all are drawn.
globalStyle(`${view} [data-lexical-editor] > [data-wx-page-unrendered]`, {
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto var(--wx-page-block-h, 80px)',
  '@media': { print: { contentVisibility: 'visible' } },
});

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

// The footnotes at the foot of their sheets (footnotesAtFoot.ts): their section a layer as wide as the
// text, each note placed by the page view, drawn as the PDF sets it (its marker, then its text in 9 pt),
// its tools shown over it while it is pointed at or edited, so that its height is only its text's.
const footnotes = `${view} > [data-notes-kind="footnote"]`;
globalStyle(footnotes, {
  position: 'absolute',
  top: 0,
  height: 0,
  margin: 0,
  padding: 0,
  display: 'block',
});
globalStyle(`${footnotes}::before`, { display: 'none' });
globalStyle(`${footnotes} > [data-note-id]`, {
  position: 'absolute',
  insetInline: 0,
  display: 'block',
  padding: 0,
  border: 'none',
  borderRadius: 0,
  fontSize: '12px',
  lineHeight: 1.4,
});
globalStyle(`${footnotes} > [data-note-id][data-active]`, {
  background: vars.color.accent.soft,
  outline: `1px solid ${vars.color.accent.solid}`,
});
globalStyle(`${footnotes} > [data-note-id][${'data-wx-note-first'}]::before`, {
  content: '""',
  position: 'absolute',
  left: 0,
  top: '-6px',
  width: '33%',
  borderTop: `1px solid ${vars.color.border.strong}`,
});
globalStyle(`${footnotes} [data-note-header]`, { display: 'contents' });
globalStyle(`${footnotes} [data-note-label]`, { display: 'none' });
// The marker stands in the first line's indent (the page view sets it to the marker's width), so that the
// note's lines wrap where the PDF's do, its text running under its marker.
globalStyle(`${footnotes} [data-note-marker]`, {
  display: 'inline',
  position: 'absolute',
  left: 0,
  top: 0,
  paddingRight: '0.25em',
});
globalStyle(`${footnotes} [data-note-tools]`, {
  position: 'absolute',
  right: 0,
  bottom: '100%',
  zIndex: 1,
  display: 'none',
  padding: vars.space.xs,
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sm,
});
globalStyle(`${footnotes} > [data-note-id]:is(:hover, :focus-within, [data-active]) [data-note-tools]`, {
  display: 'flex',
});
globalStyle(`${footnotes} textarea`, {
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  textIndent: 'var(--wx-note-indent, 1.25em)',
  fieldSizing: 'content',
  minHeight: 0,
  padding: 0,
  border: 'none',
  borderRadius: 0,
  background: 'transparent',
  resize: 'none',
  overflow: 'hidden',
  fontSize: 'inherit',
  lineHeight: 'inherit',
});
// Printed, the browser makes the pages: the notes follow the text, as in 连续视图.
globalStyle(`${footnotes}, ${footnotes} > [data-note-id]`, {
  '@media': { print: { position: 'static' } },
});
// The note being edited is outlined as a whole (its [data-active] look): no second ring round its text.
globalStyle(`${footnotes} textarea:focus-visible`, { outline: 'none' });
