import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The four margins, two by two (上 下 / 左 右), under their legend. */
export const marginFields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const marginLegend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});
