import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The search step above the answer: one quiet line. */
export const step = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  alignSelf: 'flex-start',
  maxWidth: '100%',
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
});

export const stepQuery = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const stepFailed = style({
  alignItems: 'flex-start',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning.border}`,
  background: vars.color.warning.soft,
  color: vars.color.warning.text,
});

export const globe = style({
  flex: 'none',
  width: vars.size.icon.sm,
  height: vars.size.icon.sm,
});

/** The sources under the answer. */
export const sources = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginTop: vars.space.xs,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border.subtle}`,
});

export const sourcesTitle = style({
  margin: 0,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
});

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const source = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minWidth: 0,
  height: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border.subtle}`,
  background: vars.color.bg.sunken,
  color: vars.color.text.primary,
  textDecoration: 'none',
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.normal,
  selectors: {
    '&:hover': { background: vars.color.bg.hover, borderColor: vars.color.border.default },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent.solid}`, outlineOffset: '1px' },
  },
});

export const number = style({
  flex: 'none',
  minWidth: '20px',
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.accent.soft,
  color: vars.color.accent.text,
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'center',
  lineHeight: '20px',
});

export const sourceText = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
});

export const sourceTitle = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const sourceSite = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.text.tertiary,
  fontSize: vars.font.size.xs,
});
