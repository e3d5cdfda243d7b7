import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0 } });
const fadeOut = keyframes({ to: { opacity: 0 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' } });
const sink = keyframes({ to: { opacity: 0, transform: 'translateY(4px) scale(0.98)' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  // Keeps the dialog inside the visible area when the on-screen keyboard shrinks the viewport.
  height: 'var(--visual-viewport-height, 100dvh)',
  backgroundColor: vars.color.bg.backdrop,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.duration.normal} ${vars.motion.easing.enter}` },
    '&[data-exiting]': { animation: `${fadeOut} ${vars.motion.duration.fast} ${vars.motion.easing.exit}` },
  },
});

export const modal = style({
  width: '100%',
  maxHeight: '100%',
  display: 'flex',
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border.default}`,
  backgroundColor: vars.color.bg.raised,
  color: vars.color.text.primary,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${rise} ${vars.motion.duration.normal} ${vars.motion.easing.enter}` },
    '&[data-exiting]': { animation: `${sink} ${vars.motion.duration.fast} ${vars.motion.easing.exit}` },
  },
});

export const modalSize = styleVariants({
  sm: { maxWidth: '400px' },
  md: { maxWidth: '520px' },
  lg: { maxWidth: '720px' },
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  minHeight: 0,
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  paddingBlock: `${vars.space.lg} ${vars.space.sm}`,
  paddingInline: vars.space.xl,
});

export const title = style({
  flex: 1,
  minWidth: 0,
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.snug,
  // Aligns the first line of the title with the 28 px close button.
  paddingBlockStart: '1px',
});

export const close = style({
  marginInlineEnd: `calc(-1 * ${vars.space.sm})`,
});

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.xl,
  color: vars.color.text.secondary,
  lineHeight: vars.font.lineHeight.normal,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingBlock: `${vars.space.lg} ${vars.space.lg}`,
  paddingInline: vars.space.xl,
});
