import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The point a right click (or the caret, from the keyboard) opened the context menu at. */
export const anchor = style({ position: 'fixed', width: 0, height: 0 });

export const menu = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: '200px',
  padding: vars.space.xxs,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '32px',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'none',
  font: 'inherit',
  fontSize: vars.font.size.md,
  color: vars.color.text.primary,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover, &:focus': { backgroundColor: vars.color.bg.hover },
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', color: vars.color.text.disabled },
  },
});

export const itemLabel = style({ flex: 1 });

export const shortcut = style({
  fontFamily: 'inherit',
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  selectors: { [`${item}[aria-disabled="true"] &`]: { color: 'inherit' } },
});

export const separator = style({
  height: '1px',
  marginBlock: vars.space.xxs,
  border: 'none',
  backgroundColor: vars.color.border.subtle,
});

/**
 * A paintbrush with a white outline, so it shows on the white paper and on a dark one; the point where the
 * bristles end is the hot spot.
 */
const BRUSH =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='24' height='24' viewBox='0 0 24 24'%3E%3Cg stroke-linejoin='round'%3E%3Cpath d='M14 3h7v7l-4 1-4-4z' fill='%23f5c518' stroke='white' stroke-width='3'/%3E%3Cpath d='M14 3h7v7l-4 1-4-4z' fill='%23f5c518' stroke='%23222' stroke-width='1.2'/%3E%3Cpath d='M13 8l3 3-5 5c-1 4-5 5-8 5 0-3 1-7 5-8z' fill='%23222' stroke='white' stroke-width='1.5'/%3E%3C/g%3E%3C/svg%3E\") 3 21, copy";

/**
 * While the format painter is on, the paper shows the brush and an accent outline (the attribute doubled
 * to outrank the paper's own `outline: none`).
 */
globalStyle('[data-wx-format-painter][data-wx-format-painter]', {
  cursor: BRUSH,
  outline: `2px dashed ${vars.color.accent.border}`,
  outlineOffset: '6px',
});

/**
 * The painter's state, said in words at the top of the paper's scrolling area (placed there from script:
 * the toolbar's height varies) while it is on.
 */
export const painterStatus = style({
  position: 'fixed',
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.toast,
  maxWidth: 'calc(100vw - 32px)',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.accent.border}`,
  backgroundColor: vars.color.accent.soft,
  color: vars.color.text.primary,
  fontSize: vars.font.size.sm,
  boxShadow: vars.shadow.md,
  selectors: {
    // Kept in the page while empty, so that the first message is announced; it takes no room then.
    '&:empty': { padding: 0, border: 'none', boxShadow: 'none' },
  },
});
