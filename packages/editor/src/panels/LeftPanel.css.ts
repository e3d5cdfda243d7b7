import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const panelList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const panelItem = style({
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  width: '100%',
  textAlign: 'start',
  font: 'inherit',
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.bg.hover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
    '&[aria-current="true"]': { background: vars.color.bg.selected, color: vars.color.accent.text },
  },
});

export const outlineLevel2 = style({ paddingInlineStart: vars.space.xl });
export const outlineLevel3 = style({ paddingInlineStart: vars.space.xxxl });

export const panelEmpty = style({
  fontSize: vars.font.size.sm,
  color: vars.color.text.tertiary,
  padding: vars.space.sm,
  lineHeight: vars.font.lineHeight.normal,
});

export const panelMeta = style({
  display: 'block',
  fontSize: vars.font.size.xs,
  color: vars.color.text.tertiary,
});
