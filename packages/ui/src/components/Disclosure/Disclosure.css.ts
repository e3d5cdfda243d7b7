import { style } from '@vanilla-extract/css';
import { focusRingSelectors, transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.default}`,
  overflow: 'hidden',
});

export const disclosure = style({
  selectors: {
    [`${group} > & + &`]: { borderBlockStart: `1px solid ${vars.color.border.default}` },
  },
});

export const heading = style({
  margin: 0,
  fontSize: 'inherit',
  fontWeight: 'inherit',
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: vars.size.control.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text.primary,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  transition: transition('background-color'),
  selectors: {
    ...focusRingSelectors('-2px'),
    '&[data-hovered]': { backgroundColor: vars.color.bg.hover },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.text.disabled },
    [`${group} &`]: { borderRadius: 0 },
  },
});

export const chevron = style({
  display: 'inline-flex',
  flexShrink: 0,
  fontSize: vars.size.icon.md,
  color: vars.color.text.secondary,
  transition: transition('transform'),
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' },
  },
});

export const title = style({ flex: 1, minWidth: 0 });

/*
 * react-aria hides a collapsed panel with hidden="until-found" (its text stays findable with Ctrl+F),
 * which keeps the panel's own box: the spacing therefore sits on an inner element.
 */
export const panel = style({});

export const panelContent = style({
  paddingBlock: `${vars.space.xs} ${vars.space.md}`,
  paddingInline: `calc(${vars.space.md} + ${vars.size.icon.md} + ${vars.space.sm}) ${vars.space.md}`,
  color: vars.color.text.secondary,
});
