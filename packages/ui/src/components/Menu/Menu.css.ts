import { style } from '@vanilla-extract/css';
import { listItem, listItemIcon } from '../../styles/overlay.css';
import { vars } from '../../theme/contract.css';

export const danger = style({
  color: vars.color.danger.text,
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.danger.soft },
    '&[data-pressed]': { backgroundColor: vars.color.danger.softHover },
  },
});

export const dangerIcon = style({
  selectors: {
    [`${danger} &`]: { color: 'inherit' },
  },
});

export const shortcut = style({
  marginInlineStart: 'auto',
  paddingInlineStart: vars.space.md,
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
  fontFamily: vars.font.family.mono,
});

export const check = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: vars.size.icon.md,
  fontSize: vars.size.icon.md,
  color: vars.color.accent.text,
  visibility: 'hidden',
  selectors: {
    [`${listItem}[data-selected] &`]: { visibility: 'visible' },
  },
});

export { listItemIcon };
