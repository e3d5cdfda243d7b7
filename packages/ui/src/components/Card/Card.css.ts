import { style, styleVariants } from '@vanilla-extract/css';
import { focusRingSelectors, transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  borderRadius: vars.radius.xl,
  border: '1px solid transparent',
  color: vars.color.text.primary,
  textAlign: 'start',
  textDecoration: 'none',
});

export const variant = styleVariants({
  outline: { backgroundColor: vars.color.bg.surface, borderColor: vars.color.border.default },
  elevated: {
    backgroundColor: vars.color.bg.raised,
    borderColor: vars.color.border.subtle,
    boxShadow: vars.shadow.md,
  },
  filled: { backgroundColor: vars.color.bg.sunken, borderColor: vars.color.border.subtle },
});

export const padding = styleVariants({
  sm: { padding: vars.space.md },
  md: { padding: vars.space.lg },
  lg: { padding: vars.space.xl },
});

/** Cards that are a button or a link as a whole (suggestion cards, document cards). */
export const interactive = style({
  width: '100%',
  margin: 0,
  font: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: transition('border-color', 'background-color', 'box-shadow', 'transform'),
  selectors: {
    ...focusRingSelectors(),
    '&[data-hovered]': { borderColor: vars.color.border.strong, backgroundColor: vars.color.bg.hover },
    '&[data-pressed]': { transform: 'scale(0.99)' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.accent.soft,
  color: vars.color.accent.text,
  fontSize: vars.size.icon.lg,
});

export const headings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
  flex: 1,
});

export const title = style({
  display: 'block',
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.snug,
});

export const description = style({
  display: 'block',
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  lineHeight: vars.font.lineHeight.normal,
});

export const body = style({
  display: 'block',
  minWidth: 0,
});

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBlockStart: 'auto',
});
