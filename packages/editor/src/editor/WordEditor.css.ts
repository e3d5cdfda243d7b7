import { assignVars, globalStyle, style } from '@vanilla-extract/css';
import { lightTokens, vars } from '@wanxiang/ui';
import { NARROW_SCREEN_QUERY, paperSide } from '../constants';
import { t } from '../i18n/zh-CN';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  minHeight: 0,
  background: vars.color.bg.sunken,
  color: vars.color.text.primary,
  fontFamily: vars.font.family.sans,
  position: 'relative',
});

/**
 * The menus, title and toolbar. On a phone they are one bar laid over the top of the paper, which scrolls
 * under it (useHideOnScroll keeps its height in --wx-chrome-h); scrolling the paper down slides it away.
 */
export const chrome = style({
  display: 'flex',
  flexDirection: 'column',
  flexShrink: 0,
  '@media': {
    [NARROW_SCREEN_QUERY]: {
      position: 'absolute',
      insetBlockStart: 0,
      insetInline: 0,
      zIndex: 3,
      boxShadow: vars.shadow.sm,
      transition: 'transform 180ms ease-out',
      selectors: { '&[data-hidden]': { transform: 'translateY(-100%)', boxShadow: 'none' } },
    },
    [`${NARROW_SCREEN_QUERY} and (prefers-reduced-motion: reduce)`]: { transition: 'none' },
  },
});

export const menuBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.bg.surface,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  minHeight: '40px',
  // A phone has no room for six menus and the title on one line: the title and save state take a second.
  // Less padding there too: the bar over the paper stays short.
  '@media': {
    [NARROW_SCREEN_QUERY]: { flexWrap: 'wrap', rowGap: vars.space.xxs, paddingBlock: vars.space.xxs },
  },
});

/** Holds the title pill: a heading with no look of its own. */
export const titleHeading = style({
  margin: '0 auto',
  fontSize: 'inherit',
  fontWeight: 'inherit',
  display: 'flex',
  justifyContent: 'center',
  minWidth: 0,
  maxWidth: '40%',
  '@media': {
    [NARROW_SCREEN_QUERY]: { flex: '1 1 60%', minWidth: '60%', maxWidth: 'none' },
  },
});

export const titleChip = style({
  font: 'inherit',
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  background: vars.color.bg.sunken,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.full,
  padding: `${vars.space.xxs} ${vars.space.md}`,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  cursor: 'text',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.border.strong, color: vars.color.text.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    // A read-only document: the name reads as text, not as a field.
    '&:disabled': { cursor: 'default' },
  },
});

/** The title pill while it is renamed: the same place and size, an input. */
export const titleInput = style([
  titleChip,
  {
    background: vars.color.bg.surface,
    color: vars.color.text.primary,
    borderColor: vars.color.focusRing,
    minWidth: '16em',
    textOverflow: 'clip',
    selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' } },
  },
]);

export const saveStatus = style({
  fontSize: vars.font.size.xs,
  color: vars.color.text.tertiary,
  marginInlineEnd: vars.space.sm,
  whiteSpace: 'nowrap',
});

/** 未保存 with autosave off: the changes wait for Ctrl+S, so the label reads as a warning. */
export const saveStatusWaiting = style([saveStatus, { color: vars.color.warning.text, fontWeight: 600 }]);

export const workspace = style({ display: 'flex', flex: 1, minHeight: 0, position: 'relative' });

/** Behind an open drawer on a narrow screen, the paper dims; a tap on it closes the drawer. */
export const drawerScrim = style({
  display: 'none',
  '@media': {
    [NARROW_SCREEN_QUERY]: {
      display: 'block',
      position: 'absolute',
      inset: 0,
      zIndex: 4,
      background: vars.color.bg.backdrop,
    },
  },
});

export const leftPanel = style({
  width: '240px',
  flexShrink: 0,
  background: vars.color.bg.surface,
  borderInlineEnd: `1px solid ${vars.color.border.subtle}`,
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  overflow: 'auto',
  padding: vars.space.sm,
  '@media': {
    [NARROW_SCREEN_QUERY]: {
      position: 'absolute',
      insetBlock: 0,
      insetInlineStart: 0,
      zIndex: 5,
      boxShadow: vars.shadow.md,
    },
  },
});

export const rightPanel = style({
  width: '320px',
  flexShrink: 0,
  background: vars.color.bg.surface,
  borderInlineStart: `1px solid ${vars.color.border.subtle}`,
  overflow: 'auto',
  '@media': {
    [NARROW_SCREEN_QUERY]: {
      position: 'absolute',
      insetBlock: 0,
      insetInlineEnd: 0,
      zIndex: 5,
      boxShadow: vars.shadow.md,
    },
  },
});
export const stage = style({
  flex: 1,
  minWidth: 0,
  overflow: 'auto',
  containerType: 'inline-size',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  // Room under the paper, at least what the floating dock covers (--wx-dock-clearance, measured by
  // useDockClearance), so the last lines scroll clear of it.
  paddingBottom: `max(120px, calc(var(--wx-dock-clearance, 0px) + ${vars.space.lg}))`,
  // What is scrolled into view (the caret's line, a found match, an outline heading) keeps a margin from
  // the stage's edges instead of sitting flush under the toolbar, or under the dock.
  scrollPaddingBlock: `48px max(96px, calc(var(--wx-dock-clearance, 0px) + ${vars.space.md}))`,
  '@media': {
    [NARROW_SCREEN_QUERY]: {
      paddingTop: `calc(var(--wx-chrome-h, 0px) + ${vars.space.md})`,
      scrollPaddingTop: 'calc(var(--wx-chrome-h, 0px) + 16px)',
    },
  },
});

export const paperRow = style({
  position: 'relative',
  margin: '0 auto',
  width: '100%',
  maxWidth: 'var(--wx-page-w, 794px)',
  boxSizing: 'border-box',
});

export const paper = style({
  // The sheet is white in both themes, as in Word or WPS: a document carries absolute colours chosen for
  // paper (black text, a yellow highlight) that a dark sheet would make unreadable. Only the desk around it
  // and the editor's chrome follow the dark theme.
  vars: assignVars(vars, lightTokens),
  colorScheme: 'light',
  position: 'relative',
  width: '100%',
  minHeight: 'var(--wx-page-h, 1123px)',
  boxSizing: 'border-box',
  padding: `var(--wx-margin-top, 96px) ${paperSide('right')} var(--wx-margin-bottom, 96px) ${paperSide('left')}`,
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.subtle}`,
  boxShadow: vars.shadow.sm,
  '@media': { [NARROW_SCREEN_QUERY]: { padding: `${vars.space.xl} ${vars.space.lg}`, minHeight: '70vh' } },
});

export const contentEditable = style({
  outline: 'none',
  minHeight: '900px',
  fontSize: '16px',
  lineHeight: 1.5,
  color: vars.color.text.primary,
  caretColor: vars.color.text.primary,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
});

export const placeholder = style({
  position: 'absolute',
  top: 'var(--wx-margin-top, 96px)',
  insetInlineStart: paperSide('left'),
  color: vars.color.text.tertiary,
  pointerEvents: 'none',
  userSelect: 'none',
  fontSize: '16px',
  '@media': { [NARROW_SCREEN_QUERY]: { top: vars.space.xl, insetInlineStart: vars.space.lg } },
});

export const storageAlert = style({ margin: `${vars.space.sm} ${vars.space.lg} 0` });

export const dock = style({
  position: 'absolute',
  insetInline: 0,
  bottom: vars.space.lg,
  display: 'flex',
  justifyContent: 'center',
  pointerEvents: 'none',
  // Over an open drawer on a narrow screen (the assistant's answer is in the drawer, the question here).
  '@media': { [NARROW_SCREEN_QUERY]: { zIndex: 6 } },
});
globalStyle(`${dock} > *`, { pointerEvents: 'auto' });

/* The paper's content, styled through the stable theme classes of editorTheme. */
const p = `.${contentEditable}`;
globalStyle(`${p} .wx-ed-p`, { margin: '0 0 0.6em' });
globalStyle(`${p} .wx-ed-h1, ${p} .wx-ed-h2, ${p} .wx-ed-h3`, { margin: '0.9em 0 0.5em' });
globalStyle(`${p} .wx-ed-quote`, {
  margin: '0 0 0.6em',
  paddingInlineStart: vars.space.lg,
  borderInlineStart: `3px solid ${vars.color.border.strong}`,
  color: vars.color.text.secondary,
});
// 水平线: a thin rule across the column; a click selects it (outlined) so Delete removes it.
globalStyle(`${p} .wx-ed-hr`, {
  border: 'none',
  borderTop: `1px solid ${vars.color.border.strong}`,
  margin: '0.9em 0',
  padding: '2px 0',
  cursor: 'pointer',
  backgroundClip: 'content-box',
});
globalStyle(`${p} .wx-ed-hr-selected`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
// 分页符 (pages/PageBreakNode.tsx): a dashed line across the column, labelled; a click selects it (outlined)
// so that Backspace or Delete removes it. In print it is the page's end (pages/printStylesheet.ts).
globalStyle(`${p} .wx-ed-pagebreak`, {
  position: 'relative',
  margin: '1em 0',
  height: '1.4em',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  userSelect: 'none',
  backgroundImage: `linear-gradient(to right, ${vars.color.border.strong} 50%, transparent 50%)`,
  backgroundSize: '8px 1px',
  backgroundRepeat: 'repeat-x',
  backgroundPosition: 'center',
});
globalStyle(`${p} .wx-ed-pagebreak-label`, {
  padding: '0 0.6em',
  background: vars.color.bg.surface,
  color: vars.color.text.secondary,
  fontSize: '12px',
  lineHeight: 1.4,
});
globalStyle(`${p} .wx-ed-pagebreak[data-selected]`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
// 段前分页: a dashed line over the paragraph, that shows it starts a page (not printed).
globalStyle(`${p} [style*="break-before: page"]`, {
  borderTop: `1px dashed ${vars.color.border.strong}`,
  paddingTop: '0.4em',
});
globalStyle(`${p} .wx-ed-bold`, { fontWeight: 700 });
globalStyle(`${p} .wx-ed-italic`, { fontStyle: 'italic' });
globalStyle(`${p} .wx-ed-underline`, { textDecoration: 'underline' });
globalStyle(`${p} .wx-ed-strike`, { textDecoration: 'line-through' });
globalStyle(`${p} .wx-ed-underline-strike`, { textDecoration: 'underline line-through' });
globalStyle(`${p} .wx-ed-inline-code`, {
  fontFamily: vars.font.family.mono,
  fontSize: '0.9em',
  background: vars.color.bg.sunken,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.sm,
  padding: '0 0.25em',
});
globalStyle(`${p} .wx-ed-link`, { color: vars.color.text.link, textDecoration: 'underline' });
globalStyle(`${p} .wx-ed-ul, ${p} .wx-ed-ol`, { margin: '0 0 0.6em', paddingInlineStart: '2em' });
globalStyle(`${p} .wx-ed-li`, { margin: '0.15em 0' });
globalStyle(`${p} .wx-ed-nested-li`, { listStyleType: 'none' });
globalStyle(`${p} .wx-ed-li-unchecked, ${p} .wx-ed-li-checked`, {
  position: 'relative',
  listStyleType: 'none',
  paddingInlineStart: '1.6em',
  marginInlineStart: '-1.6em',
  outline: 'none',
});
globalStyle(`${p} .wx-ed-li-unchecked::before, ${p} .wx-ed-li-checked::before`, {
  content: '""',
  position: 'absolute',
  insetInlineStart: 0,
  top: '0.2em',
  width: '1em',
  height: '1em',
  boxSizing: 'border-box',
  border: `1.5px solid ${vars.color.border.strong}`,
  borderRadius: '3px',
  cursor: 'pointer',
});
globalStyle(`${p} .wx-ed-li-checked::before`, {
  background: vars.color.accent.solid,
  borderColor: vars.color.accent.solid,
});
globalStyle(`${p} .wx-ed-li-checked::after`, {
  content: '""',
  position: 'absolute',
  insetInlineStart: '0.35em',
  top: '0.3em',
  width: '0.3em',
  height: '0.55em',
  border: `solid ${vars.color.text.onSolid}`,
  borderWidth: '0 2px 2px 0',
  transform: 'rotate(45deg)',
  pointerEvents: 'none',
});
globalStyle(`${p} .wx-ed-li-checked`, { textDecoration: 'line-through', color: vars.color.text.secondary });
globalStyle(`${p} .wx-ed-table`, {
  borderCollapse: 'collapse',
  margin: '0 0 0.8em',
  width: 'max-content',
  maxWidth: '100%',
});
globalStyle(`${p} .wx-ed-th, ${p} .wx-ed-td`, {
  border: `1px solid ${vars.color.border.strong}`,
  padding: '4px 8px',
  minWidth: '72px',
  verticalAlign: 'top',
  textAlign: 'start',
  position: 'relative',
});
/* A column's stored width is the cell's whole box, so equal columns add up to the text width. */
globalStyle(`${p} .wx-ed-table:has(> colgroup) :is(.wx-ed-th, .wx-ed-td)`, { boxSizing: 'border-box' });
globalStyle(`${p} .wx-ed-th`, { background: vars.color.bg.sunken });
globalStyle(`${p} .wx-ed-th .wx-ed-p, ${p} .wx-ed-td .wx-ed-p`, { margin: 0 });
globalStyle(`${p} .wx-ed-cell-selected`, { background: vars.color.bg.selected });
globalStyle(`${p} .wx-ed-table-selection *::selection`, { background: 'transparent' });
globalStyle(`${p} .wx-ed-code`, {
  display: 'block',
  fontFamily: vars.font.family.mono,
  fontSize: '14px',
  lineHeight: 1.55,
  background: vars.color.bg.sunken,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.md,
  // The top padding holds the language label (JS, Python…) of the code header.
  padding: `calc(${vars.space.sm} + 1.25em) ${vars.space.md} ${vars.space.sm}`,
  margin: '0 0 0.8em',
  overflowX: 'auto',
  tabSize: 2,
  whiteSpace: 'pre',
  position: 'relative',
});
globalStyle(`${p} .wx-ed-code[data-language]::before`, {
  position: 'absolute',
  top: vars.space.xs,
  insetInlineEnd: vars.space.sm,
  fontFamily: vars.font.family.sans,
  fontSize: '11px',
  lineHeight: 1.6,
  letterSpacing: '0.02em',
  color: vars.color.text.secondary,
  pointerEvents: 'none',
  userSelect: 'none',
});
// The labels come from the catalogue; Lexical keeps data-language in step with the block's language.
for (const [language, label] of Object.entries(t.code.languages)) {
  globalStyle(`${p} .wx-ed-code[data-language="${language}"]::before`, { content: JSON.stringify(label) });
}
globalStyle(`${p} .wx-tok-comment`, { color: vars.color.text.tertiary, fontStyle: 'italic' });
globalStyle(`${p} .wx-tok-keyword, ${p} .wx-tok-tag`, { color: vars.color.accent.text });
globalStyle(`${p} .wx-tok-string, ${p} .wx-tok-attr`, { color: vars.color.success.text });
globalStyle(`${p} .wx-tok-number, ${p} .wx-tok-property, ${p} .wx-tok-variable`, {
  color: vars.color.warning.text,
});
globalStyle(`${p} .wx-tok-function`, { color: vars.color.info.text });
globalStyle(`${p} .wx-tok-operator, ${p} .wx-tok-punctuation`, { color: vars.color.text.secondary });
globalStyle(`${p} .wx-ed-image`, { display: 'inline-block', maxWidth: '100%', verticalAlign: 'bottom' });
globalStyle(`${p} .wx-ed-image img`, { maxWidth: '100%', height: 'auto', display: 'block' });
globalStyle(`${p} .wx-ed-image-frame`, { position: 'relative', display: 'inline-block', maxWidth: '100%' });
globalStyle(`${p} .wx-ed-image-frame[data-selected]`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '1px',
});
/** The resize handle at the selected image's bottom-right corner (a finger-sized target on touch). */
globalStyle(`${p} .wx-ed-image-handle`, {
  position: 'absolute',
  insetInlineEnd: '-7px',
  insetBlockEnd: '-7px',
  width: '14px',
  height: '14px',
  borderRadius: '2px',
  background: vars.color.focusRing,
  border: '2px solid #fff',
  cursor: 'nwse-resize',
  touchAction: 'none',
  '@media': {
    '(pointer: coarse)': { width: '24px', height: '24px', insetInlineEnd: '-12px', insetBlockEnd: '-12px' },
  },
});
globalStyle(`${p} .wx-ed-image-handle:focus-visible`, {
  outline: `2px solid ${vars.color.text.primary}`,
  outlineOffset: '2px',
});
// Raised by a shift rather than by `vertical-align: super`, on a line box of no height: a superscript
// makes its line taller, and each line with a marker would stand lower than the PDF sets it (where the
// marker changes no line's height), until a sheet's foot came out a line apart.
globalStyle(`${p} .wx-ed-footnote-marker`, {
  color: vars.color.accent.text,
  cursor: 'pointer',
  fontSize: '0.75em',
  verticalAlign: 'baseline',
  position: 'relative',
  top: '-0.5em',
  lineHeight: 0,
  padding: '0 1px',
  userSelect: 'none',
});
globalStyle(`${p} .wx-ed-footnote-marker[data-active]`, {
  background: vars.color.accent.soft,
  borderRadius: vars.radius.sm,
});
globalStyle(`${p} .wx-ed-find-current`, { background: vars.color.warning.soft });
// The sheet is white in both themes, so the matches take the colours of a browser's own find: a clear
// yellow for every match and an orange for the current one, black text on both (contrast above 12:1).
globalStyle('::highlight(wx-find-all)', { backgroundColor: '#ffe14d', color: '#1a1a1a' });
globalStyle('::highlight(wx-find-current)', { backgroundColor: '#ff9632', color: '#000000' });
globalStyle(`${p} .wx-ed-footnote-button`, {
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  padding: 0,
  cursor: 'pointer',
});
/*
 * A 100-page document is thousands of top-level blocks. Off-screen ones skip layout and paint until they
 * scroll near the viewport (their last measured size is remembered), which keeps opening and typing fast
 * however long the document grows. The content stays in the DOM: selection, find and copy see all of it.
 * Before a block has been measured it counts as a four-line paragraph (a 100-page document's blocks
 * average 138 px): a smaller guess makes the scroll bar grow and jump as the reader scrolls down.
 */
globalStyle(`${p} > *`, { contentVisibility: 'auto', containIntrinsicSize: 'auto 100px' });
globalStyle(`${p} > table, ${p} > .wx-ed-table`, { containIntrinsicSize: 'auto 8em' });
