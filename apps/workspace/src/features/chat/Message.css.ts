import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The question and, at its end, the user's badge, level with its top. */
export const userRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
});

/** Files, bubble (or editor) and buttons, at the end of the row. */
export const userContent = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  flex: 1,
  minWidth: 0,
});

/** The copy button under the user's bubble. */
export const userMeta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
});

export const userBubble = style({
  maxWidth: '85%',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.xl,
  background: vars.color.accent.soft,
  color: vars.color.text.primary,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const assistantRow = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  minWidth: 0,
});

export const thinking = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
});

export const clock = style({
  fontVariantNumeric: 'tabular-nums',
  fontFamily: vars.font.family.mono,
});

/** What the server says beside the answer (a generated image it dropped). */
export const notice = style({
  margin: 0,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
});

export const creditsLimited = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
  margin: 0,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
});

export const creditsLink = style({
  color: vars.color.text.link,
  fontWeight: vars.font.weight.medium,
});

export const error = style({
  margin: 0,
  fontWeight: vars.font.weight.bold,
  color: vars.color.danger.text,
});

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.size.control.sm,
  color: vars.color.text.tertiary,
  fontSize: vars.font.size.xs,
});
