import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { transition } from './focusRing';

/* Label, input frame, description and error shared by TextField, PasswordField and Select. */

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.color.text.primary,
});

export const requiredMark = style({
  marginInlineStart: vars.space.xxs,
  color: vars.color.danger.text,
});

export const description = style({
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.color.text.secondary,
});

export const error = style({
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.color.danger.text,
});

/**
 * The visual frame of an input. It sits on a wrapper (RAC Group or the input itself) so that an adornment
 * such as the password toggle lives inside the same border.
 */
export const frame = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.control.md,
  width: '100%',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border.strong}`,
  backgroundColor: vars.color.bg.surface,
  color: vars.color.text.primary,
  transition: transition('border-color', 'box-shadow'),
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.text.tertiary },
    '&[data-focus-within], &[data-focused]': {
      borderColor: vars.color.accent.solid,
      boxShadow: `0 0 0 1px ${vars.color.accent.solid}`,
    },
    '&[data-invalid]': { borderColor: vars.color.danger.solid },
    '&[data-invalid][data-focus-within], &[data-invalid][data-focused]': {
      boxShadow: `0 0 0 1px ${vars.color.danger.solid}`,
    },
    '&[data-disabled]': {
      backgroundColor: vars.color.bg.sunken,
      borderColor: vars.color.border.default,
      cursor: 'not-allowed',
    },
  },
});

const inputBase = {
  paddingBlock: 0,
  paddingInline: vars.space.md,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.text.tertiary, opacity: 1 },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.text.disabled },
  },
} as const;

/** An input inside a frame (a Group that also holds adornments). */
export const input = style([
  inputBase,
  {
    flex: 1,
    alignSelf: 'stretch',
    minWidth: 0,
    border: 'none',
    background: 'transparent',
    color: 'inherit',
  },
]);

/** An input that is its own frame. */
export const framedInput = style([frame, inputBase]);

export const textArea = style([
  frame,
  inputBase,
  {
    display: 'block',
    paddingBlock: vars.space.sm,
    resize: 'vertical',
  },
]);
