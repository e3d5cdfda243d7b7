import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

// In the text. A bookmark's brackets, grey and light as Word draws them, shown unless the user hides them
// (the editor's root says which in data-show-bookmarks); a bookmark at a point is one thin bar.
const shown = '[data-show-bookmarks="true"]';
globalStyle(`${shown} .wx-ed-bookmark::before`, {
  content: '"["',
  color: vars.color.text.tertiary,
  fontWeight: 400,
  fontStyle: 'normal',
  userSelect: 'none',
});
globalStyle(`${shown} .wx-ed-bookmark::after`, {
  content: '"]"',
  color: vars.color.text.tertiary,
  fontWeight: 400,
  fontStyle: 'normal',
  userSelect: 'none',
});
globalStyle(`${shown} .wx-ed-bookmark:empty::before`, {
  content: '""',
  display: 'inline-block',
  width: 0,
  height: '1em',
  verticalAlign: '-0.15em',
  borderInlineStart: `2px solid ${vars.color.text.tertiary}`,
});
globalStyle(`${shown} .wx-ed-bookmark:empty::after`, { content: 'none' });

// A cross-reference: the field's grey ground, as Word shades fields; a link's pointer.
globalStyle('.wx-ed-xref', {
  background: vars.color.bg.hover,
  borderRadius: 2,
  padding: '0 1px',
  cursor: 'pointer',
  color: 'inherit',
});
globalStyle('.wx-ed-xref:hover', { textDecoration: 'underline', color: vars.color.text.link });
globalStyle('.wx-ed-xref-missing', {
  color: vars.color.danger.text,
  background: vars.color.danger.soft,
  fontWeight: 700,
  cursor: 'help',
});
globalStyle('.wx-ed-xref-missing:hover', { color: vars.color.danger.text, textDecoration: 'none' });
// A page number out of the page view (the last layout's, or "?"): dotted underneath, its tooltip says why.
globalStyle('.wx-ed-xref[data-xref-stale]', {
  textDecoration: 'underline dotted',
  cursor: 'help',
});
globalStyle('.wx-ed-xref-host', { display: 'inline' });
// Selected with the arrow keys (Enter follows it now): outlined like a selected picture.
globalStyle('.wx-ed-xref-host:has(.wx-ed-xref):focus, [data-lexical-decorator].wx-ed-xref-host.selected', {
  outline: `2px solid ${vars.color.focusRing}`,
});

// In the dialogs.
export const list = style({
  width: '100%',
  minHeight: 160,
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.md,
  padding: vars.space.xs,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' } },
});
globalStyle(`${list} option`, { padding: '2px 6px', borderRadius: vars.radius.sm });
// The chosen entry in the theme's colours (the browser's own grey is unreadable in the dark theme); a
// gradient, because Chromium paints a listbox's checked option over a plain background colour.
globalStyle(`${list} option:checked`, {
  background: `linear-gradient(${vars.color.accent.soft}, ${vars.color.accent.soft})`,
  color: vars.color.accent.text,
});
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const empty = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text.secondary });
export const fieldLabel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});
