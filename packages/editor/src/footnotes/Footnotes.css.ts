import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const notes = style({
  position: 'absolute',
  top: 0,
  insetInlineEnd: 0,
  width: '260px',
  '@container': { '(max-width: 760px)': { position: 'static', width: 'auto', marginTop: vars.space.lg } },
});

export const note = style({
  position: 'absolute',
  width: '260px',
  minHeight: '72px',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  background: vars.color.bg.raised,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sm,
  fontSize: vars.font.size.sm,
  selectors: {
    '&[data-active]': { borderColor: vars.color.accent.solid, boxShadow: vars.shadow.md },
  },
  '@container': { '(max-width: 760px)': { position: 'static', width: 'auto', marginBottom: vars.space.sm } },
});

export const noteHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  color: vars.color.text.secondary,
});

export const noteText = style({
  resize: 'vertical',
  minHeight: '40px',
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  font: 'inherit',
  padding: vars.space.xs,
});
