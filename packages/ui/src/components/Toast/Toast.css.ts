import { keyframes, style } from '@vanilla-extract/css';
import { focusRingSelectors } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

const slideIn = keyframes({ from: { opacity: 0, transform: 'translateY(-8px)' } });
const fadeOut = keyframes({ to: { opacity: 0, transform: 'scale(0.98)' } });

/*
 * Top centre, where Chinese users expect a notice (the convention of Ant Design's message and of the chat
 * apps they use): a corner at the bottom is where the chat's input, its send and stop buttons and the
 * editor's status bar are, and a notice there hides the very control that was just pressed.
 */
export const region = style({
  position: 'fixed',
  insetBlockStart: vars.space.lg,
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
  maxWidth: `calc(100vw - 2 * ${vars.space.md})`,
  zIndex: vars.zIndex.toast,
  outline: 'none',
  borderRadius: vars.radius.lg,
  selectors: {
    ...focusRingSelectors(),
  },
  '@media': {
    // On phones the toasts span the width, clear of the edges.
    '(max-width: 767px)': {
      insetInlineStart: vars.space.md,
      insetInlineEnd: vars.space.md,
      insetBlockStart: vars.space.md,
      transform: 'none',
      maxWidth: 'none',
    },
  },
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const toast = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  // As wide as its words (a short notice stays a compact pill at the top), wrapping past 420 px.
  width: 'max-content',
  minWidth: '200px',
  maxWidth: 'min(420px, 100%)',
  boxSizing: 'border-box',
  paddingBlock: vars.space.md,
  paddingInlineStart: vars.space.md,
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.default}`,
  backgroundColor: vars.color.bg.raised,
  color: vars.color.text.primary,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  animation: `${slideIn} ${vars.motion.duration.normal} ${vars.motion.easing.enter}`,
  selectors: {
    ...focusRingSelectors(),
    '&[data-exiting]': { animation: `${fadeOut} ${vars.motion.duration.fast} ${vars.motion.easing.exit}` },
  },
  '@media': {
    '(max-width: 767px)': { width: '100%', maxWidth: '100%' },
  },
});

export const content = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
});

export const title = style({ fontWeight: vars.font.weight.medium });

export const message = style({
  selectors: {
    [`${title} + &`]: { color: vars.color.text.secondary },
  },
});

export const close = style({
  marginBlock: `calc(-1 * ${vars.space.xxs})`,
});
