import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The dock floats over the bottom of the editor: the panel's end stays clear of it. */
const DOCK_CLEARANCE = '112px';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  minHeight: 0,
  paddingBlockEnd: DOCK_CLEARANCE,
  boxSizing: 'border-box',
  color: vars.color.text.primary,
  fontSize: vars.font.size.md,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBlockEnd: `1px solid ${vars.color.border.subtle}`,
});

export const heading = style({
  margin: 0,
  flex: 1,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
});

export const status = style({
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  whiteSpace: 'nowrap',
});

export const quickRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBlockEnd: `1px solid ${vars.color.border.subtle}`,
});

export const quickLabel = style({
  width: '100%',
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const empty = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.normal,
});

export const question = style({
  alignSelf: 'flex-end',
  maxWidth: '90%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  background: vars.color.accent.soft,
  color: vars.color.text.primary,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: vars.font.lineHeight.normal,
});

export const quote = style({
  margin: 0,
  paddingInlineStart: vars.space.sm,
  borderInlineStart: `3px solid ${vars.color.border.strong}`,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
  whiteSpace: 'pre-wrap',
  maxHeight: '6.4em',
  overflow: 'hidden',
});

export const answer = style({
  minWidth: 0,
  overflowWrap: 'anywhere',
  lineHeight: vars.font.lineHeight.normal,
});

export const plainAnswer = style({ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' });

export const note = style({ fontSize: vars.font.size.xs, color: vars.color.text.secondary });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBlockStart: `1px solid ${vars.color.border.subtle}`,
});

export const message = style({
  width: '100%',
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const preview = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.raised,
});

export const previewLabel = style({ fontSize: vars.font.size.xs, color: vars.color.text.secondary });

export const deleted = style({
  margin: 0,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.danger.soft,
  color: vars.color.text.primary,
  textDecoration: 'line-through',
  whiteSpace: 'pre-wrap',
});

export const inserted = style({
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.success.soft,
  textDecoration: 'none',
  display: 'block',
});

export const historyList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const historyItem = style({
  display: 'grid',
  gap: vars.space.xxs,
  width: '100%',
  textAlign: 'start',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border.subtle}`,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.bg.hover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const historyTime = style({ fontSize: vars.font.size.xs, color: vars.color.text.secondary });
export const historyAnswer = style({
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
});

/* The dock: a card floating at the bottom centre, above an on-screen keyboard (--wx-keyboard-inset). */
export const dock = style({
  width: 'min(680px, calc(100vw - 24px))',
  marginBlockEnd: 'var(--wx-keyboard-inset, 0px)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.raised,
  boxShadow: vars.shadow.lg,
  selectors: {
    // Files dragged over the dock: it says it takes them.
    '&[data-dragging]': { borderColor: vars.color.accent.solid, borderStyle: 'dashed' },
  },
});

export const textarea = style({
  width: '100%',
  resize: 'none',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.md,
  lineHeight: '22px',
  padding: `${vars.space.xs} ${vars.space.xs}`,
  selectors: { '&:disabled': { color: vars.color.text.disabled } },
});
globalStyle(`${textarea}::placeholder`, { color: vars.color.text.tertiary });

export const dockRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const modelSelect = style({ minWidth: '160px', maxWidth: '240px' });
export const modelState = style({ fontSize: vars.font.size.xs, color: vars.color.text.secondary });
export const modelError = style({ fontSize: vars.font.size.xs, color: vars.color.danger.text });
export const spacer = style({ flex: 1 });

export const contextMenu = style({ display: 'grid', gap: vars.space.xxs, minWidth: '140px' });

export const contextMenuItem = style({ justifyContent: 'flex-start' });

export const contextAnchor = style({ position: 'fixed', width: 0, height: 0 });

export const fileError = style({
  margin: 0,
  color: vars.color.danger.text,
  fontSize: vars.font.size.sm,
});

export const dropHint = style({
  margin: 0,
  color: vars.color.warning.text,
  fontSize: vars.font.size.sm,
});

/** The names of the files a question came with, under it in the panel and in the history. */
export const questionFiles = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  marginBlockStart: vars.space.xxs,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const questionFile = style({
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.sunken,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
