import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { focusRingSelectors } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

const slideIn = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' } });
const fadeOut = keyframes({ to: { opacity: 0, transform: 'scale(0.98)' } });

export const region = style({
  position: 'fixed',
  insetBlockEnd: vars.space.lg,
  insetInlineEnd: vars.space.lg,
  zIndex: vars.zIndex.toast,
  outline: 'none',
  borderRadius: vars.radius.lg,
  selectors: {
    ...focusRingSelectors(),
  },
  '@media': {
    // On phones the toasts sit centred at the bottom, clear of the edges.
    '(max-width: 767px)': {
      insetInlineStart: vars.space.md,
      insetInlineEnd: vars.space.md,
      insetBlockEnd: vars.space.md,
    },
  },
});

export const list = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const toast = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  width: '360px',
  maxWidth: '100%',
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
    '(max-width: 767px)': { width: '100%' },
  },
});

export const icon = style({
  display: 'inline-flex',
  flexShrink: 0,
  fontSize: vars.size.icon.lg,
  marginBlockStart: `calc((1em * ${vars.font.lineHeight.normal} - ${vars.size.icon.lg}) / 2)`,
});

export const iconTone = styleVariants({
  info: { color: vars.color.info.text },
  success: { color: vars.color.success.text },
  warning: { color: vars.color.warning.text },
  error: { color: vars.color.danger.text },
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
