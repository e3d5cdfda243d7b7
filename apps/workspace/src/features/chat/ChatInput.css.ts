import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.surface,
  boxShadow: vars.shadow.sm,
  transition: `border-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}`,
  selectors: {
    '&:focus-within': { borderColor: vars.color.accent.solid },
    '&[data-dragging]': { borderColor: vars.color.accent.solid, background: vars.color.accent.soft },
  },
});

export const textarea = style({
  resize: 'none',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  width: '100%',
  boxSizing: 'border-box',
  overflowY: 'hidden',
  '::placeholder': { color: vars.color.text.tertiary },
  selectors: {
    '&:disabled': { color: vars.color.text.secondary, cursor: 'not-allowed' },
  },
});

/** Shown but not usable yet (with the 即将推出 tooltip): focusable, so its tooltip can be read. */
/** The web-search switch when the server cannot search: dimmed, yet its label keeps a readable contrast. */
export const unavailable = style({
  color: vars.color.text.secondary,
});

/**
 * What 联网搜索 does, said after a tap (a finger never hovers its tooltip): floated over the conversation
 * just above the input, so that the input does not grow and move the switch from under the finger.
 */
export const searchNote = style({
  position: 'absolute',
  insetBlockEnd: `calc(100% + ${vars.space.xs})`,
  insetInlineStart: vars.space.sm,
  maxWidth: `calc(100% - 2 * ${vars.space.sm})`,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border.default}`,
  background: vars.color.bg.surface,
  boxShadow: vars.shadow.sm,
  color: vars.color.text.primary,
  fontSize: vars.font.size.sm,
});
