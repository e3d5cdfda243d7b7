import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

const phone = '(max-width: 720px)';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  minHeight: '100%',
  padding: `${vars.space.xl} ${vars.space.xxl}`,
  '@media': { [phone]: { padding: vars.space.lg, gap: vars.space.lg } },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const clock = style({
  margin: 0,
  display: 'inline-flex',
  gap: vars.space.sm,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});

export const clockTime = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.primary,
});

export const chartsRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.lg,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

const surface = {
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.xl,
} as const;

export const chartCell = style({
  ...surface,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  '@media': { [phone]: { padding: vars.space.md } },
});

export const panelsRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)',
  gap: vars.space.lg,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/**
 * A part of the board that starts below the first screen (历史战绩, 自选股, 涨停复盘): the browser lays it
 * out and paints it only as it nears the viewport, so the first screen is drawn without the cost of the
 * page's longer half. It stays in the document (find in page, screen readers and links reach it), and
 * keeps the height it last had, so the scroll bar does not jump as it comes into view.
 */
export const belowFirstScreen = style({
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 480px',
});

export const breakdown = style({
  borderTop: `1px solid ${vars.color.border.subtle}`,
  paddingTop: vars.space.md,
});

export const breakdownTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});

export const breakdownValue = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.secondary,
});

export const breakdownList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
});

export const breakdownItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
  fontSize: vars.font.size.xs,
});

export const breakdownName = style({ color: vars.color.text.secondary });

export const breakdownScore = style({
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'baseline',
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});

export const breakdownDetail = style({
  fontWeight: vars.font.weight.regular,
  color: vars.color.text.secondary,
});

export const muted = style({ margin: 0, fontSize: vars.font.size.xs, color: vars.color.text.secondary });

/** The notice at the foot of the board: quiet, a footnote rather than a banner. */
export const footer = style({
  marginTop: 'auto',
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border.default}`,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  textAlign: 'center',
});

/** A number that opens its explanation: the number as it was, underlined with dots to say it can be asked. */
export const explainTrigger = style({
  all: 'unset',
  cursor: 'help',
  font: 'inherit',
  color: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  borderBottom: `1px dotted ${vars.color.text.secondary}`,
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** The text of an explanation popover: short lines at a reading width. */
export const explainBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  maxWidth: '320px',
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
});

export const explainLine = style({ margin: 0 });

export const explainQuiet = style({ margin: 0, color: vars.color.text.secondary });

/** The stage rules in a popover, the one the report applied marked. */
export const explainList = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  color: vars.color.text.secondary,
});

/** The rule the report applied. */
export const explainCurrent = style({ color: vars.color.text.primary, fontWeight: vars.font.weight.bold });

/** The 指标说明 panel under the charts. */
export const formulaPanel = style({
  ...surface,
  padding: `${vars.space.sm} ${vars.space.lg}`,
});

export const formulaSection = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
});

export const formulaHeading = style({
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
});

export const formulaTableWrap = style({ overflowX: 'auto' });

export const formulaTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
});

export const formulaCell = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  textAlign: 'left',
  verticalAlign: 'top',
});

export const formulaHeadCell = style([
  formulaCell,
  { color: vars.color.text.secondary, fontWeight: vars.font.weight.medium },
]);

export const formulaList = style({ margin: 0, paddingLeft: vars.space.lg });
