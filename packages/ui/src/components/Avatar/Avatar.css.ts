import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  fontWeight: vars.font.weight.medium,
  userSelect: 'none',
});

export const size = styleVariants({
  sm: { width: '24px', height: '24px', fontSize: vars.font.size.xs },
  md: { width: '28px', height: '28px', fontSize: vars.font.size.sm },
  lg: { width: '32px', height: '32px', fontSize: vars.font.size.md },
});

export const tone = styleVariants({
  accent: { backgroundColor: vars.color.accent.solid, color: vars.color.text.onSolid },
  /** Not an account's badge (one that could not be loaded): a neutral disc. */
  muted: {
    backgroundColor: vars.color.bg.sunken,
    color: vars.color.text.secondary,
    border: `1px solid ${vars.color.border.default}`,
  },
});

/** The picture, filling the disc. */
export const image = style({
  width: '100%',
  height: '100%',
  borderRadius: vars.radius.full,
  objectFit: 'cover',
});
