import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const dialogGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.md,
  alignItems: 'end',
});
export const dialogRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
});
export const dialogStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const dialogHint = style({ fontSize: vars.font.size.sm, color: vars.color.text.secondary, margin: 0 });
export const dialogError = style({ fontSize: vars.font.size.sm, color: vars.color.danger.text, margin: 0 });
export const dialogStatus = style({
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  minHeight: '1.5em',
  margin: 0,
});
export const fieldLabel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});
export const nativeInput = style({
  height: vars.size.control.md,
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.md,
  padding: `0 ${vars.space.sm}`,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' } },
});
export const colorInput = style({
  width: '48px',
  height: vars.size.control.md,
  padding: '2px',
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg.surface,
});
export const preview = style({
  border: `1px dashed ${vars.color.border.strong}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  minHeight: '48px',
  overflow: 'hidden',
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
});

/*
 * 查找和替换 is modal but must not hide what it finds: its overlay is clear instead of dimmed,
 * and the dialog sits at the top right, clear of the paper's text column, like a word processor's find box.
 */
export const findDialog = style({ maxWidth: '480px' });
globalStyle(`div:has(> .${findDialog})`, {
  backgroundColor: 'transparent',
  alignItems: 'flex-start',
  justifyContent: 'flex-end',
  paddingTop: '96px',
});
globalStyle(`.${findDialog}`, { boxShadow: vars.shadow.lg });

export const shortcutsNote = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.text.secondary });
export const shortcutsTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.sm,
});
globalStyle(`.${shortcutsTable} th, .${shortcutsTable} td`, {
  textAlign: 'start',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
});
export const kbd = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.xs,
  padding: `0 ${vars.space.xxs}`,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg.sunken,
  whiteSpace: 'nowrap',
});
