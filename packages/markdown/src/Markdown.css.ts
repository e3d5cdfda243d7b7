import { createVar, globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const markdown = style({
  display: 'flow-root',
  color: vars.color.text.primary,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.relaxed,
  overflowWrap: 'anywhere',
  minWidth: 0,
});

const m = markdown;

/*
 * Groups of blocks skip style, layout and paint while off screen (content-visibility), so a long answer
 * costs per frame what its visible part costs; the browser remembers each group's last rendered height.
 * Containment stops margins collapsing across boxes, so groups and blocks are spaced here.
 */
export const group = style({
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 640px',
  selectors: { '& + &': { marginTop: vars.space.md } },
});

/*
 * Each block is its own stacking context, so the browser keeps its recorded paint and replays it when
 * only the last block changed: with maths on screen (KaTeX draws many positioned boxes), repainting every
 * block each frame cost 7 ms of a streaming frame's paint, isolated ones 1.6 ms (bench/chat-browser).
 */
export const block = style({
  isolation: 'isolate',
  selectors: { '& + &': { marginTop: vars.space.md } },
});
globalStyle(`${block} > :first-child`, { marginTop: 0 });
globalStyle(`${block} > :last-child`, { marginBottom: 0 });
globalStyle(`${m} p, ${m} ul, ${m} ol, ${m} blockquote, ${m} hr`, {
  margin: `${vars.space.md} 0`,
});
globalStyle(`${m} h1, ${m} h2, ${m} h3, ${m} h4, ${m} h5, ${m} h6`, {
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
  lineHeight: vars.font.lineHeight.tight,
  fontWeight: vars.font.weight.bold,
});
// By the level the answer wrote (headings.ts moves the element a level down the page's outline).
globalStyle(`${m} .md-h1`, { fontSize: vars.font.size.xxl });
globalStyle(`${m} .md-h2`, { fontSize: vars.font.size.xl });
globalStyle(`${m} .md-h3`, { fontSize: vars.font.size.lg });
globalStyle(`${m} .md-h4, ${m} .md-h5, ${m} .md-h6`, { fontSize: vars.font.size.md });
globalStyle(`${m} ul, ${m} ol`, { paddingInlineStart: vars.space.xl });
globalStyle(`${m} li + li, ${m} li > ul, ${m} li > ol`, { marginTop: vars.space.xs });
globalStyle(`${m} li > p`, { margin: `${vars.space.xs} 0` });
globalStyle(`${m} li:has(> input[type="checkbox"])`, { listStyle: 'none' });
globalStyle(`${m} input[type="checkbox"]`, { marginInlineEnd: vars.space.sm });
globalStyle(`${m} a`, {
  color: vars.color.text.link,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
});
globalStyle(`${m} a:focus-visible`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
  borderRadius: vars.radius.sm,
});
globalStyle(`${m} blockquote`, {
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${vars.color.border.strong}`,
  color: vars.color.text.secondary,
});
globalStyle(`${m} hr`, { border: 'none', borderTop: `1px solid ${vars.color.border.default}` });
globalStyle(`${m} img`, { maxWidth: '100%', borderRadius: vars.radius.md });
globalStyle(`${m} :not(pre) > code`, {
  fontFamily: vars.font.family.mono,
  fontSize: '0.9em',
  padding: `1px ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg.sunken,
  border: `1px solid ${vars.color.border.subtle}`,
});

/*
 * Scrolling sideways, a code block or a table fades out at an edge beyond which there is more to see, and
 * only then: at rest on the left, the right edge fades; scrolled to the end, the left one. The fades are
 * scroll-driven animations of the scroller's own mask, so the browser does the work: no script, nothing
 * per streamed frame (a block that does not overflow has no active timeline, hence no mask at all).
 * A mask takes only alpha, not colour, so the same fade is right on every theme and background.
 * Browsers without scroll-driven animations show the scrollbar alone, as before.
 */
export const fadeStart = createVar({ syntax: '<length>', inherits: false, initialValue: '0px' });
export const fadeEnd = createVar({ syntax: '<length>', inherits: false, initialValue: '0px' });
const fadeSize = vars.space.xxl;
// Alpha stops of a mask (opaque shows, transparent hides), not colours.
const edgeMask = `linear-gradient(to right, transparent, black ${fadeStart}, black calc(100% - ${fadeEnd}), transparent)`;
const fadeInStart = keyframes({
  from: { vars: { [fadeStart]: '0px' }, maskImage: edgeMask },
  to: { vars: { [fadeStart]: fadeSize }, maskImage: edgeMask },
});
const fadeOutEnd = keyframes({
  from: { vars: { [fadeEnd]: fadeSize } },
  to: { vars: { [fadeEnd]: '0px' } },
});
export const scrollEdges = style({
  '@supports': {
    '(animation-timeline: scroll())': {
      animationName: `${fadeInStart}, ${fadeOutEnd}`,
      animationDuration: 'auto',
      animationTimingFunction: 'linear',
      animationFillMode: 'both',
      animationTimeline: 'scroll(self inline), scroll(self inline)',
      // The start fade grows over the first fade's width of scrolling; the end one shrinks over the last.
      animationRange: `0 ${fadeSize}, calc(100% - ${fadeSize}) 100%`,
    },
  },
});

/*
 * A table is as wide as its content needs, up to the column (as ChatGPT's); wider, it scrolls. The frame
 * hugs the table and carries the focus ring, which the scroller's mask would clip.
 */
export const tableFrame = style({
  width: 'fit-content',
  maxWidth: '100%',
  margin: `${vars.space.md} 0`,
  borderRadius: vars.radius.md,
  selectors: {
    '&:has(> :focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const tableWrap = style({ overflowX: 'auto', outline: 'none' });
globalStyle(`${tableWrap} table`, {
  borderCollapse: 'collapse',
  fontSize: vars.font.size.sm,
});
globalStyle(`${tableWrap} th, ${tableWrap} td`, {
  border: `1px solid ${vars.color.border.default}`,
  padding: `${vars.space.xs} ${vars.space.md}`,
  textAlign: 'start',
  verticalAlign: 'top',
  // Words and numbers stay whole in a cell: a table too narrow for them scrolls rather than breaks them.
  overflowWrap: 'break-word',
});
globalStyle(`${tableWrap} th`, { background: vars.color.bg.sunken, fontWeight: vars.font.weight.medium });
/* A short value stays on one line (cellWidth.ts): squeezed, 贵州茅台 would stand two characters a line. */
export const shortCell = style({ whiteSpace: 'nowrap' });

export const codeBlock = style({
  margin: `${vars.space.md} 0`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.sunken,
  overflow: 'hidden',
  // The focus ring of the code inside, drawn here: the code's fading edges would fade it too.
  selectors: {
    '&:has(> pre:focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const codeHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xxs} ${vars.space.xs} ${vars.space.xxs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
});

export const codeLanguage = style({
  fontSize: vars.font.size.xs,
  color: vars.color.text.tertiary,
  fontFamily: vars.font.family.mono,
});

export const pre = style({
  margin: 0,
  padding: vars.space.md,
  overflowX: 'auto',
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.color.text.primary,
  outline: 'none',
});
globalStyle(`${pre} code`, { fontFamily: 'inherit', whiteSpace: 'pre' });

/*
 * highlight.js classes, coloured from the theme's tone texts (each reaches AA on the sunken background in
 * both themes), so code looks right in light and dark without a separate stylesheet.
 */
const hl = (classes: string[], rule: Parameters<typeof globalStyle>[1]) =>
  globalStyle(classes.map((c) => `${pre} .hljs-${c}`).join(', '), rule);
hl(['keyword', 'selector-tag', 'meta-keyword', 'doctag', 'section'], { color: vars.color.accent.text });
hl(['string', 'regexp', 'addition', 'attribute', 'template-tag', 'selector-attr'], {
  color: vars.color.success.text,
});
hl(['number', 'literal', 'symbol', 'bullet', 'link', 'variable.constant_'], {
  color: vars.color.warning.text,
});
hl(['title', 'title.function_', 'title.class_', 'name', 'selector-id', 'selector-class'], {
  color: vars.color.info.text,
});
hl(['built_in', 'type', 'params', 'deletion', 'tag'], { color: vars.color.danger.text });
hl(['comment', 'quote', 'meta'], { color: vars.color.text.tertiary, fontStyle: 'italic' });
hl(['emphasis'], { fontStyle: 'italic' });
hl(['strong'], { fontWeight: vars.font.weight.bold });

/* Maths (KaTeX): its own stylesheet sets the glyphs; colour follows the text, so both themes work. */
export const mathInline = style({
  vars: { '--wx-math-error': vars.color.danger.text },
});
export const mathDisplay = style({
  vars: { '--wx-math-error': vars.color.danger.text },
  margin: `${vars.space.md} 0`,
  overflowX: 'auto',
  overflowY: 'hidden',
  // Room for the tallest glyphs, which KaTeX draws slightly outside the line box.
  padding: `${vars.space.xxs} 0`,
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
globalStyle(`${mathDisplay} .katex-display`, { margin: 0 });
export const mathSource = style({
  margin: `${vars.space.md} 0`,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  whiteSpace: 'pre-wrap',
});

/* Mermaid diagrams: the SVG keeps its natural size up to the column's width. */
export const diagram = style({
  margin: `${vars.space.md} 0`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.default}`,
  overflow: 'hidden',
});
export const diagramBody = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.md,
  overflowX: 'auto',
});
export const diagramImage = style({ display: 'block', maxWidth: '100%', height: 'auto' });
/*
 * Where Mermaid draws and measures a diagram before it becomes an image (mermaidImage.ts): laid out, so
 * that its labels can be measured, but never seen nor hit.
 */
export const diagramMeasure = style({
  position: 'fixed',
  top: 0,
  left: 0,
  width: 1024,
  height: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
});
export const diagramNote = style({
  margin: `${vars.space.md} 0 0`,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});
globalStyle(`${block} > ${diagramNote} + *`, { marginTop: vars.space.xs });

/** A searched answer's `[n]` mark, a link to its source. */
export const citation = style({
  display: 'inline-block',
  minWidth: '16px',
  margin: `0 1px`,
  padding: `0 3px`,
  borderRadius: vars.radius.sm,
  background: vars.color.accent.soft,
  color: vars.color.accent.text,
  fontSize: '0.75em',
  lineHeight: 1.5,
  textAlign: 'center',
  textDecoration: 'none',
  verticalAlign: 'super',
  selectors: {
    '&:hover': { background: vars.color.accent.softHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent.solid}`, outlineOffset: '1px' },
  },
});
