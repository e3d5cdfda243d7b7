import { style } from '@vanilla-extract/css';
import { focusRingSelectors, transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '44px',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text.primary,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  transition: transition('background-color'),
  selectors: {
    ...focusRingSelectors('-2px'),
    '&[data-hovered], &[aria-expanded="true"]': { backgroundColor: vars.color.bg.hover },
    '&[data-pressed]': { backgroundColor: vars.color.bg.pressed },
  },
});

export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
  lineHeight: vars.font.lineHeight.snug,
});

export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
});

export const plan = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const chevron = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.text.secondary,
  fontSize: vars.size.icon.md,
});

export const menu = style({
  width: `calc(${vars.size.sidebar} - 2 * ${vars.space.sm})`,
});

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.sm,
  color: vars.color.text.primary,
  fontWeight: vars.font.weight.regular,
  fontSize: vars.font.size.md,
});

export const summaryName = style({
  fontWeight: vars.font.weight.medium,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const summaryEmail = style({
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const summaryRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBlockStart: vars.space.xs,
});

export const credits = style({
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.primary,
});

export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const statusError = style({
  color: vars.color.danger.text,
});

export const storage = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  marginBlockStart: vars.space.xs,
});

export const storageRow = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.font.size.xs,
});

export const storageLabel = style({
  color: vars.color.text.secondary,
});

export const storageText = style({
  color: vars.color.text.primary,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const storageTrack = style({
  display: 'block',
  height: '6px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.bg.sunken,
  border: `1px solid ${vars.color.border.default}`,
  overflow: 'hidden',
});

export const storageFill = style({
  display: 'block',
  height: '100%',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent.solid,
});

export const storageFillFull = style([storageFill, { backgroundColor: vars.color.danger.solid }]);
