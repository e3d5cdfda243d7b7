import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

// A table of contents on the paper: a field's light ground, as Word shades a selected field; entries as
// lines of text (never blue links), each with a dotted leader to its page number at the right.

globalStyle('.wx-ed-toc-host', { margin: '0.6em 0', userSelect: 'none' });
globalStyle('.wx-ed-toc-host[data-selected]', {
  outline: `2px solid ${vars.color.accent.solid}`,
  outlineOffset: 2,
  borderRadius: 2,
});

export const toc = style({
  display: 'block',
  padding: '6px 8px',
  borderRadius: 4,
  background: vars.color.bg.hover,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  marginBottom: 4,
});

export const title = style({ fontWeight: 700, fontSize: '1.15em' });

export const update = style({
  font: 'inherit',
  fontSize: 12,
  lineHeight: '20px',
  padding: '0 8px',
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: 4,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.bg.hover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent.solid}`, outlineOffset: 1 },
  },
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const entry = style({
  selectors: {
    '&[data-toc-level="2"]': { paddingInlineStart: '2em' },
    '&[data-toc-level="3"]': { paddingInlineStart: '4em' },
  },
});

export const link = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: 4,
  color: 'inherit',
  textDecoration: 'none',
  cursor: 'pointer',
  borderRadius: 2,
  selectors: {
    '&:hover': { color: vars.color.text.link },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent.solid}`, outlineOffset: 1 },
  },
});

export const text = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const leader = style({
  flex: '1 1 auto',
  minWidth: 16,
  borderBottom: '2px dotted currentColor',
  opacity: 0.5,
  transform: 'translateY(-0.25em)',
});

export const page = style({ flex: 'none', fontVariantNumeric: 'tabular-nums' });

export const empty = style({ margin: 0, color: vars.color.text.secondary });
