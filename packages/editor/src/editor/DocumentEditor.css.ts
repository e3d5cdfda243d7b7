import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  height: '100%',
  minHeight: '240px',
  color: vars.color.text.secondary,
});

export const crashed = style([
  loading,
  { flexDirection: 'column', gap: vars.space.md, padding: vars.space.xl, textAlign: 'center' },
]);
export const crashedMessage = style({
  margin: 0,
  fontSize: vars.font.size.md,
  color: vars.color.text.primary,
});
export const crashedActions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'center' });

export const missingTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: 600,
  color: vars.color.text.primary,
});
export const missingHint = style({ margin: 0, color: vars.color.text.secondary });
