import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  height: '100%',
  minHeight: 0,
  backgroundColor: vars.color.bg.sunken,
  borderInlineEnd: `1px solid ${vars.color.border.subtle}`,
  color: vars.color.text.primary,
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  flexShrink: 0,
  paddingBlock: vars.space.md,
  paddingInline: vars.space.md,
});

export const nav = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  // A scrolling sidebar must not pull the page along when it reaches its end.
  overscrollBehavior: 'contain',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
});

export const footer = style({
  flexShrink: 0,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.sm,
  borderBlockStart: `1px solid ${vars.color.border.subtle}`,
});
