import { style } from '@vanilla-extract/css';
import { focusRingSelectors, transition } from '../../styles/focusRing';
import { listItem } from '../../styles/overlay.css';
import { vars } from '../../theme/contract.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: vars.size.control.md,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border.strong}`,
  backgroundColor: vars.color.bg.surface,
  color: vars.color.text.primary,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  transition: transition('border-color', 'box-shadow'),
  selectors: {
    ...focusRingSelectors('1px'),
    '&[data-hovered]': { borderColor: vars.color.text.tertiary },
    '&[data-pressed], [data-open] > &': { borderColor: vars.color.accent.solid },
    '[data-invalid] > &': { borderColor: vars.color.danger.solid },
    '&[data-disabled]': {
      cursor: 'not-allowed',
      backgroundColor: vars.color.bg.sunken,
      borderColor: vars.color.border.default,
      color: vars.color.text.disabled,
    },
  },
});

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-placeholder]': { color: vars.color.text.tertiary },
    '[data-disabled] &[data-placeholder]': { color: 'inherit' },
  },
});

export const chevron = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.text.secondary,
  fontSize: vars.size.icon.md,
  transition: transition('transform'),
  selectors: {
    '[data-open] &': { transform: 'rotate(180deg)' },
  },
});

/** The listbox is as wide as the trigger at least. */
export const popover = style({
  minWidth: 'var(--trigger-width)',
});

/* The trigger shows the chosen option's icon and label only, not its description or check mark. */
export const description = style({
  selectors: {
    [`${value} &`]: { display: 'none' },
  },
});

export const check = style({
  display: 'inline-flex',
  flexShrink: 0,
  fontSize: vars.size.icon.md,
  color: vars.color.accent.text,
  visibility: 'hidden',
  selectors: {
    [`${listItem}[data-selected] &`]: { visibility: 'visible' },
    [`${value} &`]: { display: 'none' },
  },
});

export const valueIcon = style({
  selectors: {
    [`${value} &`]: { marginInlineEnd: vars.space.sm, verticalAlign: '-0.15em' },
  },
});
