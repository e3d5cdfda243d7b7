import { style } from '@vanilla-extract/css';
import { transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  color: vars.color.text.primary,
  cursor: 'pointer',
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
    // Read-only stays focusable and hoverable (a tooltip can say why it cannot change); only the track dims.
    '&[data-readonly]': { cursor: 'not-allowed' },
  },
});

export const track = style({
  position: 'relative',
  flexShrink: 0,
  width: '32px',
  height: '18px',
  borderRadius: vars.radius.full,
  // The off track needs a visible edge on both canvases (WCAG 1.4.11 asks 3:1 for control boundaries).
  backgroundColor: vars.color.border.strong,
  transition: transition('background-color'),
  selectors: {
    [`${root}[data-hovered] &`]: { backgroundColor: vars.color.text.tertiary },
    [`${root}[data-selected] &`]: { backgroundColor: vars.color.accent.solid },
    [`${root}[data-selected][data-hovered] &`]: { backgroundColor: vars.color.accent.solidHover },
    [`${root}[data-readonly] &`]: { opacity: 0.5 },
    [`${root}[data-readonly][data-hovered]:not([data-selected]) &`]: {
      backgroundColor: vars.color.border.strong,
    },
    [`${root}[data-focus-visible] &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const thumb = style({
  position: 'absolute',
  top: '2px',
  insetInlineStart: '2px',
  width: '14px',
  height: '14px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.text.onSolid,
  boxShadow: vars.shadow.sm,
  transition: transition('transform'),
  selectors: {
    [`${root}[data-selected] &`]: { transform: 'translateX(14px)' },
    [`${root}[data-pressed] &`]: { width: '16px' },
    [`${root}[data-selected][data-pressed] &`]: { transform: 'translateX(12px)' },
  },
});
