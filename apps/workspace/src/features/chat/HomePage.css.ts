import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The chat column is at most 800 wide. */
const column = {
  width: '100%',
  maxWidth: vars.size.content,
  marginInline: 'auto',
  paddingInline: vars.space.xl,
  boxSizing: 'border-box',
} as const;

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  minHeight: 0,
  background: vars.color.bg.canvas,
});

export const topBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.xl}`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  minHeight: '52px',
  boxSizing: 'border-box',
});

/** The balance at the top bar's end: always in sight, a link to 积分明细. */
export const balance = style({
  marginInlineStart: 'auto',
  flexShrink: 0,
  whiteSpace: 'nowrap',
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
  textDecoration: 'none',
  ':hover': { color: vars.color.text.link, textDecoration: 'underline' },
  ':focus-visible': {
    outline: `2px solid ${vars.color.focusRing}`,
    outlineOffset: '2px',
    borderRadius: vars.radius.sm,
  },
});

export const modelSelector = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
});

export const modelSelect = style({
  width: '220px',
  maxWidth: '50vw',
});

export const modelNote = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.sm,
  whiteSpace: 'nowrap',
});

export const banner = style({ flexShrink: 0 });

export const body = style({
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  position: 'relative',
});

export const centered = style({
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
});

export const list = style({
  flex: 1,
  minHeight: 0,
  outline: 'none',
  // An opaque scroller can scroll on the compositor: following the answer then repaints only new text.
  backgroundColor: vars.color.bg.canvas,
  selectors: { '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` } },
});

export const row = style({ ...column });

export const listEnd = style({ height: vars.space.lg });

export const scrollButton = style({
  position: 'absolute',
  insetInlineStart: '50%',
  bottom: vars.space.md,
  transform: 'translateX(-50%)',
  boxShadow: vars.shadow.md,
  borderRadius: vars.radius.full,
});

export const composer = style({
  ...column,
  flexShrink: 0,
  paddingTop: vars.space.sm,
  paddingBottom: vars.space.lg,
});

export const welcome = style({
  ...column,
  flex: 1,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  paddingBlock: vars.space.xl,
});

export const welcomeTitle = style({
  margin: 0,
  fontSize: vars.font.size.xxxl,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text.primary,
});

export const welcomeBody = style({
  margin: `${vars.space.sm} 0 ${vars.space.xl}`,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.md,
});

export const suggestions = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  // Four cards: two by two, never three and a lonely fourth; one column where two would squeeze them.
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { '(max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const suggestion = style({ width: '100%', height: '100%', boxSizing: 'border-box' });

/** The open chat's name and its menu, at the end of the top bar. */
export const chatTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  marginInlineStart: 'auto',
});

export const chatTitleText = style({
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '320px',
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.secondary,
});
