import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/**
 * The three lines take the theme's tone *text* colours: those are the ones checked for contrast against
 * canvas and surface in both themes, so each line stays visible in light and dark. The 20-period line is
 * dashed as well, so the lines differ by more than hue.
 */
const seriesColour = {
  value: vars.color.accent.text,
  ma5: vars.color.warning.text,
  ma20: vars.color.success.text,
} as const;

export type SeriesKey = keyof typeof seriesColour;

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  color: vars.color.text.primary,
  fontFamily: vars.font.family.sans,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
});

export const titleBlock = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.tight,
});

export const subtitle = style({
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const stroke = styleVariants(seriesColour, (colour) => ({ stroke: colour }));

export const body = style({
  position: 'relative',
  minWidth: 0,
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  height: '100%',
  padding: vars.space.lg,
  boxSizing: 'border-box',
  textAlign: 'center',
  fontSize: vars.font.size.md,
  color: vars.color.text.secondary,
  border: `1px dashed ${vars.color.border.default}`,
  borderRadius: vars.radius.lg,
});

/** The error alert sits in the middle of the plot area and wraps on narrow charts. */
export const alert = style({ maxWidth: '100%', textAlign: 'start' });

export const stateText = style({ margin: 0 });

export const plot = style({
  position: 'relative',
  height: '100%',
  borderRadius: vars.radius.md,
  outline: 'none',
  cursor: 'crosshair',
  // Horizontal drags scrub the chart on touch screens; vertical ones still scroll the page.
  touchAction: 'pan-y',
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const svg = style({ display: 'block', overflow: 'visible' });

export const gridLine = style({ stroke: vars.color.border.default, strokeWidth: 1 });
export const axisLine = style({ stroke: vars.color.border.strong, strokeWidth: 1 });

export const tickLabel = style({
  fill: vars.color.text.secondary,
  fontSize: vars.font.size.xs,
  fontFamily: vars.font.family.sans,
  fontVariantNumeric: 'tabular-nums',
});

export const line = style({ fill: 'none', strokeLinejoin: 'round', strokeLinecap: 'round' });

export const guide = style({
  stroke: vars.color.text.tertiary,
  strokeWidth: 1,
  strokeDasharray: '3 3',
  pointerEvents: 'none',
});

export const dot = style({ fill: vars.color.bg.surface, strokeWidth: 2, pointerEvents: 'none' });

export const tooltip = style({
  position: 'absolute',
  top: 0,
  left: 0,
  zIndex: vars.zIndex.tooltip,
  pointerEvents: 'none',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.bg.raised,
  color: vars.color.text.primary,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  fontSize: vars.font.size.xs,
  lineHeight: vars.font.lineHeight.snug,
  whiteSpace: 'nowrap',
});

export const tooltipHeading = style({
  margin: 0,
  marginBottom: vars.space.xs,
  fontWeight: vars.font.weight.medium,
});

export const tooltipRows = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  columnGap: vars.space.lg,
  rowGap: vars.space.xxs,
  margin: 0,
});

/** Each dt/dd pair sits in a div (valid in a dl) that lays its children on the parent grid. */
export const tooltipRow = style({ display: 'contents' });

export const tooltipLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.text.secondary,
});

export const tooltipValue = style({
  margin: 0,
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.font.weight.medium,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
