import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const appear = keyframes({ from: { opacity: 0, transform: 'scale(0.96)' } });
const disappear = keyframes({ to: { opacity: 0 } });

/* A wrapper that adds no box: the trigger keeps its own layout, the wrapper only hears its touches. */
export const trigger = style({
  display: 'contents',
  // iOS shows its own callout (copy/share) on a long press; the hold is ours.
  WebkitTouchCallout: 'none',
});

export const tooltip = style({
  maxWidth: '240px',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.bg.inverse,
  color: vars.color.text.inverse,
  fontSize: vars.font.size.xs,
  lineHeight: vars.font.lineHeight.snug,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.tooltip,
  selectors: {
    '&[data-entering]': { animation: `${appear} ${vars.motion.duration.fast} ${vars.motion.easing.enter}` },
    '&[data-exiting]': { animation: `${disappear} ${vars.motion.duration.fast} ${vars.motion.easing.exit}` },
  },
});

export const arrow = style({
  display: 'block',
  fill: vars.color.bg.inverse,
  selectors: {
    '[data-placement="bottom"] &': { transform: 'rotate(180deg)' },
    '[data-placement="left"] &': { transform: 'rotate(-90deg)' },
    '[data-placement="right"] &': { transform: 'rotate(90deg)' },
  },
});
