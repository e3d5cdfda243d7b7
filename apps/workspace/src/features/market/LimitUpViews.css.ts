import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The section sits on the board like its other panels: a surface, the same radius and padding. */
export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.xl,
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

/** ‹ the day and its status › : the arrows keep to the ends of one row, only the middle wraps. */
export const dayNav = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const day = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.primary,
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.primary,
});

export const help = style({ margin: 0, fontSize: vars.font.size.xs, color: vars.color.text.secondary });

export const center = style({
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: vars.space.sm,
  minHeight: 160,
  margin: 0,
  textAlign: 'center',
  fontSize: vars.font.size.md,
  color: vars.color.text.secondary,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

/** One rung: its name and 晋级率 on the left, its stocks beside; stacked when narrow. */
export const rung = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border.subtle}`,
});

export const rungHead = style({
  flex: '0 0 112px',
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  fontVariantNumeric: 'tabular-nums',
});

export const rungName = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.danger.text,
});

export const rungRate = style({ fontSize: vars.font.size.xs, color: vars.color.text.secondary });

export const rungBody = style({
  flex: '1 1 280px',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const stocks = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(168px, 1fr))',
  gap: vars.space.sm,
});

export const stock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg.sunken,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  fontVariantNumeric: 'tabular-nums',
});

export const stockTop = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.xs,
  flexWrap: 'wrap',
});

export const stockLink = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.link,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  ':hover': { textDecoration: 'underline' },
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
});

export const meta = style({ display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.sm}` });

export const failed = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const failedLabel = style({ fontWeight: vars.font.weight.medium });

export const change = styleVariants({
  up: { color: vars.color.danger.text },
  down: { color: vars.color.success.text },
  flat: { color: vars.color.text.secondary },
});

/** One theme: its name and counts, its leader, the others. */
export const theme = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(120px, 180px) minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border.subtle}`,
  '@media': { '(max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const themeHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
});

export const themeName = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const themeCounts = style({
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.secondary,
});

export const themeBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const themeLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `0 ${vars.space.sm}`,
  margin: 0,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  fontVariantNumeric: 'tabular-nums',
});
