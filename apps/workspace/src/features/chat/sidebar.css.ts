import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const note = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.font.size.sm,
  color: vars.color.text.tertiary,
});

export const error = style({ color: vars.color.danger.text });

export const sessionList = style({ minWidth: 0 });

/** Virtualized rows are positioned one under the other: the group's gap between links is their padding. */
export const sessionRow = style({ paddingBlockEnd: vars.space.xxs });

/*
 * A time group's heading (今天, 昨天, 2026年10月): quieter than the rows it introduces, with room above
 * it to set the group apart; the first one sits close to the 历史会话 title.
 */
export const groupHeading = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.sm} ${vars.space.xs}`,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.normal,
  color: vars.color.text.tertiary,
  selectors: { '&[data-first]': { paddingBlockStart: vars.space.xs } },
});
