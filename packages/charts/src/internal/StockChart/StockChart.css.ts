import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/**
 * Chinese quote colours: red for a rise, green for a fall. They take the theme's danger and success
 * *text* tones, the ones checked for contrast on canvas and surface in both themes; a level minute or
 * day is drawn in the secondary text colour.
 */
export const tone = {
  up: vars.color.danger.text,
  down: vars.color.success.text,
  flat: vars.color.text.secondary,
} as const;

export const fillTone = styleVariants(tone, (colour) => ({ fill: colour }));
export const strokeTone = styleVariants(tone, (colour) => ({ stroke: colour }));
export const textTone = styleVariants(tone, (colour) => ({ color: colour }));

/**
 * The lines over the prices: price and average of the minute chart, the three averages of the daily.
 * Red and green are kept for rise and fall, so the lines take the other tones that pass contrast in both
 * themes; the 20-day line is the neutral one (info and accent are too alike to tell apart side by side).
 */
const lineColour = {
  price: vars.color.accent.text,
  avg: vars.color.warning.text,
  ma5: vars.color.warning.text,
  ma10: vars.color.accent.text,
  ma20: vars.color.text.secondary,
} as const;
export type LineKey = keyof typeof lineColour;
export const lineStroke = styleVariants(lineColour, (colour) => ({ stroke: colour }));
export const lineText = styleVariants(lineColour, (colour) => ({ color: colour }));

export const line = style({ fill: 'none', strokeLinejoin: 'round', strokeLinecap: 'round' });

/** Under the price line of the minute chart: a faint wash of the line's colour. */
export const area = style({ fill: vars.color.accent.text, opacity: 0.08 });

export const prevCloseLine = style({
  stroke: vars.color.text.tertiary,
  strokeWidth: 1,
  strokeDasharray: '4 3',
});

export const sessionBreak = style({
  stroke: vars.color.border.strong,
  strokeWidth: 1,
  strokeDasharray: '2 4',
});

/** An up candle is hollow (outlined in red on the panel's background), a down candle filled green. */
export const candleHollow = style({ fill: vars.color.bg.surface, strokeWidth: 1 });

/**
 * The 模拟行情 badge: drawn here like ui's soft warning Badge (its tone text on its tone soft passes AA),
 * so a page with the charts alone needs no further ui stylesheet.
 */
export const simulatedBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: '20px',
  paddingInline: '8px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.warning.soft,
  color: vars.color.warning.text,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  lineHeight: 1,
  whiteSpace: 'nowrap',
});

/** The readout of the focused (or latest) minute or day, above the plot; it never changes height. */
export const readout = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  margin: 0,
  minHeight: `calc(2 * ${vars.font.lineHeight.snug} * ${vars.font.size.xs})`,
  alignContent: 'flex-start',
  fontSize: vars.font.size.xs,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.color.text.secondary,
  fontVariantNumeric: 'tabular-nums',
});

export const readoutItem = style({ display: 'inline-flex', gap: vars.space.xxs, whiteSpace: 'nowrap' });

export const readoutHeading = style({ color: vars.color.text.primary, fontWeight: vars.font.weight.medium });

export const readoutValue = style({ color: vars.color.text.primary });

export const markerText = style({
  fontSize: '10px',
  fontFamily: vars.font.family.sans,
  fill: vars.color.danger.text,
  fontWeight: vars.font.weight.medium,
});

export const markerMark = style({ fill: vars.color.danger.text });

export const panelLabel = style({
  fill: vars.color.text.tertiary,
  fontSize: '10px',
  fontFamily: vars.font.family.sans,
});

/** The box the plot's width is measured on: the whole body, whether it holds the plot or a state. */
export const measure = style({ height: '100%', minWidth: 0 });
