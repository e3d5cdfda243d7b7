import type { StyleRule } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/**
 * The keyboard focus ring, keyed on react-aria's `data-focus-visible` (set only for keyboard focus, unlike
 * :focus which a mouse click also triggers). Spread into a style's `selectors`.
 */
export const focusRingSelectors = (offset = '2px'): NonNullable<StyleRule['selectors']> => ({
  '&[data-focus-visible]': {
    outline: `2px solid ${vars.color.focusRing}`,
    outlineOffset: offset,
  },
});

/** A transition list on the motion tokens, so reduced motion turns it off. */
export const transition = (...properties: string[]): string =>
  properties
    .map((property) => `${property} ${vars.motion.duration.fast} ${vars.motion.easing.standard}`)
    .join(', ');
