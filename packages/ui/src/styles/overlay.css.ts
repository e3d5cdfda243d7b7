import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const slideFrom = (x: string, y: string) =>
  keyframes({
    from: { opacity: 0, transform: `translate(${x}, ${y})` },
    to: { opacity: 1, transform: 'none' },
  });
const fromAbove = slideFrom('0', '-4px');
const fromBelow = slideFrom('0', '4px');
const fromLeft = slideFrom('-4px', '0');
const fromRight = slideFrom('4px', '0');

/**
 * The raised surface of popovers, menus and listboxes. react-aria marks mount and unmount with
 * data-entering / data-exiting and waits for the exit animation before removing the element; the
 * animation slides away from the trigger side given in data-placement.
 */
export const popoverSurface = style({
  minWidth: '160px',
  maxWidth: 'min(360px, calc(100vw - 16px))',
  overflow: 'auto',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.default}`,
  backgroundColor: vars.color.bg.raised,
  color: vars.color.text.primary,
  boxShadow: vars.shadow.md,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.duration.fast} ${vars.motion.easing.enter}` },
    '&[data-entering][data-placement="bottom"]': {
      animationName: fromAbove,
    },
    '&[data-entering][data-placement="top"]': { animationName: fromBelow },
    '&[data-entering][data-placement="right"]': { animationName: fromLeft },
    '&[data-entering][data-placement="left"]': { animationName: fromRight },
    '&[data-exiting]': { animation: `${fadeOut} ${vars.motion.duration.fast} ${vars.motion.easing.exit}` },
  },
});

/** A list inside a popover (Select's listbox, Menu). */
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.xs,
  outline: 'none',
  maxHeight: 'inherit',
  overflow: 'auto',
});

/** An option or menu item; react-aria moves data-focused with the keyboard and the pointer. */
export const listItem = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '32px',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.color.text.primary,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.bg.hover },
    '&[data-pressed]': { backgroundColor: vars.color.bg.pressed },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.text.disabled },
  },
});

export const listItemIcon = style({
  display: 'inline-flex',
  flexShrink: 0,
  fontSize: vars.size.icon.md,
  color: vars.color.text.secondary,
  selectors: {
    [`${listItem}[data-disabled] &`]: { color: 'inherit' },
  },
});

export const listItemLabel = style({
  flex: 1,
  minWidth: 0,
});

export const listItemDescription = style({
  display: 'block',
  fontSize: vars.font.size.xs,
  color: vars.color.text.secondary,
});

export const sectionHeader = style({
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.secondary,
});

export const section = style({
  selectors: {
    '& + &': {
      marginBlockStart: vars.space.xs,
      paddingBlockStart: vars.space.xs,
      borderBlockStart: `1px solid ${vars.color.border.subtle}`,
    },
  },
});

export const separator = style({
  height: '1px',
  marginBlock: vars.space.xs,
  marginInline: `calc(-1 * ${vars.space.xs})`,
  border: 'none',
  backgroundColor: vars.color.border.subtle,
});
