import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** Where 11:30 meets 13:00: the lunch break is cut out of the axis, and the rule says so. */
export const sessionBreak = style({
  stroke: vars.color.border.strong,
  strokeWidth: 1,
  strokeDasharray: '2 4',
});

/** The latest slot's time on the axis: the "now" of a live trading day. */
export const lastTick = style({
  fill: vars.color.text.primary,
  fontWeight: vars.font.weight.medium,
});
