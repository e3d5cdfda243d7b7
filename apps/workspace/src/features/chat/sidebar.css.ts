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

/** A search's match in a title or snippet: the soft warning colour, as a highlighter pen. */
export const match = style({
  background: vars.color.warning.softHover,
  color: vars.color.text.primary,
  borderRadius: vars.radius.sm,
});

/**
 * The words around a match in the chat's messages, under the title of a search result: up to two lines,
 * so that a match (which the server puts early in the snippet) shows whole even when it is long, or in a
 * narrow sidebar; one clipped line cut matches in half.
 */
export const snippet = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const rowTitle = style({ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' });

export const rowActions = style({ display: 'inline-flex', alignItems: 'center' });

export const search = style({ padding: `${vars.space.xs} ${vars.space.sm}` });
