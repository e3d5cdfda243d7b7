import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.md,
});

export const column = style({ flexDirection: 'column' });

export const glyph = style({
  flexShrink: 0,
  // A loading indicator is essential motion: it keeps turning under prefers-reduced-motion (which zeroes
  // the motion tokens), so its duration is deliberately not a token.
  animation: `${spin} 800ms linear infinite`,
});

export const glyphSize = styleVariants({
  sm: { width: vars.size.icon.sm, height: vars.size.icon.sm },
  md: { width: vars.size.icon.lg, height: vars.size.icon.lg },
  lg: { width: '32px', height: '32px' },
});

export const track = style({ opacity: 0.2 });
