import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: '960px',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  boxSizing: 'border-box',
  overflowY: 'auto',
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.surface,
  minWidth: 0,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const balance = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const muted = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.sm });

export const tableWrap = style({ overflowX: 'auto' });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
  fontVariantNumeric: 'tabular-nums',
});

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});

export const headCell = style([
  cell,
  { color: vars.color.text.secondary, fontWeight: vars.font.weight.medium },
]);

export const plus = style({ color: vars.color.success.text });
export const minus = style({ color: vars.color.text.primary });

export const link = style({ color: vars.color.text.link });

export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});

export const codes = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.bg.sunken,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.sm,
  whiteSpace: 'pre-wrap',
  color: vars.color.text.primary,
});

export const rowActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
