import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The cloud status beside the editor's local save status. */
export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.font.size.xs,
  whiteSpace: 'nowrap',
  marginInlineEnd: vars.space.sm,
});

export const statusTone = styleVariants({
  neutral: { color: vars.color.text.tertiary },
  success: { color: vars.color.success.text },
  warning: { color: vars.color.warning.text },
  danger: { color: vars.color.danger.text },
});

export const dot = style({
  width: 6,
  height: 6,
  borderRadius: vars.radius.full,
  background: 'currentColor',
  flexShrink: 0,
});

export const conflictButton = style({ color: vars.color.danger.text });

export const notice = style({ margin: `${vars.space.xs} ${vars.space.lg}` });

/** The conflict dialog's two versions, side by side (stacked on a phone). */
export const versions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.md,
  marginBlockStart: vars.space.md,
});

export const version = style({
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  background: vars.color.bg.sunken,
  minWidth: 0,
});

export const versionName = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const versionMeta = style({
  margin: `${vars.space.xxs} 0 ${vars.space.sm}`,
  fontSize: vars.font.size.xs,
  color: vars.color.text.tertiary,
});

export const versionText = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 160,
  overflow: 'auto',
});

export const body = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.md });

export const error = style({ marginBlockStart: vars.space.md });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

/** The document home's list of cloud documents. */
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.lg,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.bg.hover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

/** A row: the document (a button that opens it) and its delete button beside it. */
export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const itemTitle = style({
  fontSize: vars.font.size.md,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});

export const itemDate = style({
  fontSize: vars.font.size.xs,
  color: vars.color.text.tertiary,
  whiteSpace: 'nowrap',
});

export const listMessage = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});

export const opening = style({
  display: 'grid',
  placeItems: 'center',
  height: '100%',
  padding: vars.space.xl,
});

/** The document home's offer to move local documents to the cloud. */
export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.lg,
  background: vars.color.bg.sunken,
});

export const bannerText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const bannerTitle = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});

export const bannerBody = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.text.secondary });

export const bannerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** Where a document on this device is kept, on its card. */
export const place = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.font.size.xs,
  marginBlockStart: vars.space.xs,
});
