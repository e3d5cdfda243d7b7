import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

const phone = '(max-width: 720px)';
/** The panel's own width, wherever it is laid out: six columns fit a phone once their padding shrinks. */
const narrow = '(max-width: 480px)';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.xl,
  containerType: 'inline-size',
  '@media': { [phone]: { padding: vars.space.md } },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const titleRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const title = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

/** The table scrolls sideways on a narrow screen rather than squeezing its numbers. */
export const tableWrap = style({
  overflowX: 'auto',
  minWidth: 0,
  borderRadius: vars.radius.md,
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.primary,
  '@container': { [narrow]: { fontSize: vars.font.size.xs } },
});

export const th = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'right',
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.secondary,
  borderBottom: `1px solid ${vars.color.border.default}`,
  whiteSpace: 'nowrap',
  selectors: { '&:first-child': { textAlign: 'left' } },
  '@container': { [narrow]: { padding: `${vars.space.xs} 3px` } },
});

export const td = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'right',
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  selectors: { '&:first-child': { textAlign: 'left' } },
  '@container': { [narrow]: { padding: `${vars.space.xs} 3px` } },
});

export const totalRow = style({ fontWeight: vars.font.weight.bold });

export const tone = styleVariants({
  up: { color: vars.color.danger.text },
  down: { color: vars.color.success.text },
  flat: { color: vars.color.text.secondary },
});

export const note = style({ margin: 0, fontSize: vars.font.size.xs, color: vars.color.text.secondary });

export const definitions = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
  fontSize: vars.font.size.xs,
  lineHeight: vars.font.lineHeight.normal,
  color: vars.color.text.secondary,
});

export const center = style({
  margin: 0,
  padding: `${vars.space.lg} 0`,
  textAlign: 'center',
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});

/** A pick's next-day outcome on its card. */
export const outcome = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg.sunken,
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.secondary,
});

export const outcomeLabel = style({ fontWeight: vars.font.weight.medium, color: vars.color.text.primary });

export const outcomeValue = style({ fontWeight: vars.font.weight.bold });

export const caption = style({
  captionSide: 'bottom',
  paddingTop: vars.space.sm,
  textAlign: 'left',
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const reference = style({ marginLeft: 'auto', color: vars.color.text.tertiary });
