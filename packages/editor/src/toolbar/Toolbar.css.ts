import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';
import { NARROW_SCREEN_QUERY } from '../constants';

export const toolbar = style({
  display: 'flex',
  minHeight: '45px',
  boxSizing: 'border-box',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.bg.surface,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  // Wrapped on a phone it would take a third of the screen: one row that scrolls sideways instead.
  '@media': {
    [NARROW_SCREEN_QUERY]: { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin', flexShrink: 0 },
  },
});

globalStyle(`${toolbar} > *`, { '@media': { [NARROW_SCREEN_QUERY]: { flexShrink: 0 } } });

// The sideways row fades at an edge with more beyond it, so it shows that it scrolls.
const fade = '32px';
globalStyle(`${toolbar}[data-more-end]`, {
  '@media': {
    [NARROW_SCREEN_QUERY]: {
      maskImage: `linear-gradient(to right, #000 calc(100% - ${fade}), transparent)`,
    },
  },
});
globalStyle(`${toolbar}[data-more-start]`, {
  '@media': {
    [NARROW_SCREEN_QUERY]: { maskImage: `linear-gradient(to right, transparent, #000 ${fade})` },
  },
});
globalStyle(`${toolbar}[data-more-start][data-more-end]`, {
  '@media': {
    [NARROW_SCREEN_QUERY]: {
      maskImage: `linear-gradient(to right, transparent, #000 ${fade}, #000 calc(100% - ${fade}), transparent)`,
    },
  },
});

export const toolbarDivider = style({
  width: '1px',
  alignSelf: 'stretch',
  margin: `${vars.space.xxs} ${vars.space.xs}`,
  background: vars.color.border.default,
});

export const toolbarSelect = style({ minWidth: '96px' });
export const toolbarSelectWide = style({ minWidth: '120px' });

/* The colour popover's rows and hints, as the dialogs lay out theirs. */
export const popoverRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
});
export const popoverHint = style({
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  margin: 0,
});
export const swatches = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(8, 24px)',
  gap: vars.space.xs,
});
export const swatch = style({
  width: '24px',
  height: '24px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border.strong}`,
  cursor: 'pointer',
  padding: 0,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' } },
});
export const popoverSection = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.xs,
});
export const popoverTitle = style({
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  margin: 0,
});
export const tableTools = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.xs });
