import type { StyleRule } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { focusRingSelectors, transition } from './focusRing';

/*
 * The look of every pressable control (Button, IconButton, the password toggle, the shell's menu button)
 * as plain style objects, so each component's recipe composes the same tones instead of copying them.
 */

export const pressableBase: StyleRule = {
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  margin: 0,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontFamily: 'inherit',
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.tight,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  // Without this a tap on iOS flashes a grey box over the control.
  WebkitTapHighlightColor: 'transparent',
  outline: 'none',
  transition: transition('background-color', 'border-color', 'color', 'box-shadow', 'transform'),
  selectors: {
    ...focusRingSelectors(),
    '&[data-pressed]': { transform: 'scale(0.98)' },
    // Higher specificity than the tones' hover rules, so a disabled control never looks interactive.
    // Disabled controls are exempt from WCAG contrast; the reduced opacity is the conventional signal.
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    '&[data-pending]': { cursor: 'progress' },
  },
};

export const pressableTones = {
  primary: {
    backgroundColor: vars.color.accent.solid,
    color: vars.color.text.onSolid,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.accent.solidHover },
      '&[data-pressed]': { backgroundColor: vars.color.accent.solidPressed },
    },
  },
  secondary: {
    backgroundColor: vars.color.bg.surface,
    borderColor: vars.color.border.strong,
    color: vars.color.text.primary,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.bg.hover },
      '&[data-pressed]': { backgroundColor: vars.color.bg.pressed },
    },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.text.primary,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.bg.hover },
      '&[data-pressed]': { backgroundColor: vars.color.bg.pressed },
    },
  },
  /** A quieter ghost for toolbars and field adornments: secondary text until hovered. */
  subtle: {
    backgroundColor: 'transparent',
    color: vars.color.text.secondary,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.bg.hover, color: vars.color.text.primary },
      '&[data-pressed]': { backgroundColor: vars.color.bg.pressed, color: vars.color.text.primary },
    },
  },
  danger: {
    backgroundColor: vars.color.danger.solid,
    color: vars.color.text.onSolid,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.danger.solidHover },
      '&[data-pressed]': { backgroundColor: vars.color.danger.solidPressed },
    },
  },
} satisfies Record<string, StyleRule>;
