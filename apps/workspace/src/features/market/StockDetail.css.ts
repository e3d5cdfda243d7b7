import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minHeight: '100%',
  padding: `${vars.space.xl} ${vars.space.xxl}`,
  '@media': { '(max-width: 720px)': { padding: vars.space.md, gap: vars.space.md } },
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
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const code = style({
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.regular,
  color: vars.color.text.secondary,
  fontVariantNumeric: 'tabular-nums',
});

export const meta = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text.secondary });

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.default}`,
  minWidth: 0,
});

export const panelTitle = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});

export const quoteRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.lg,
});

export const price = style({
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const tone = styleVariants({
  up: { color: vars.color.danger.text },
  down: { color: vars.color.success.text },
  flat: { color: vars.color.text.primary },
});

export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  fontSize: vars.font.size.sm,
});

export const fact = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });
export const factName = style({ color: vars.color.text.secondary });
export const factValue = style({
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text.primary,
});

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
  gap: vars.space.lg,
});

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
});

export const listItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
});

export const muted = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text.secondary });
export const date = style({ fontVariantNumeric: 'tabular-nums', minWidth: '6.5em' });

export const stockLink = style({
  color: 'inherit',
  textDecoration: 'underline',
  textDecorationColor: vars.color.border.default,
  textUnderlineOffset: '3px',
  ':hover': { color: vars.color.accent.text, textDecorationColor: 'currentColor' },
});

export const footer = style({ fontSize: vars.font.size.xs, color: vars.color.text.secondary });

/* 自选股 */
export const addRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});
export const addField = style({ flex: '1 1 180px', maxWidth: '280px' });
export const addButton = style({ marginTop: '1.6em' });

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 2fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  fontSize: vars.font.size.sm,
  '@media': { '(max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr) auto auto' } },
});

export const rowPicks = style({
  color: vars.color.text.secondary,
  '@media': { '(max-width: 720px)': { gridColumn: '1 / -1', gridRow: 2 } },
});
export const number = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'right' });
