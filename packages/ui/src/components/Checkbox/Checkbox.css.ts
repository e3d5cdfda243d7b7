import { globalStyle, style } from '@vanilla-extract/css';
import { transition } from '../../styles/focusRing';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  color: vars.color.text.primary,
  cursor: 'pointer',
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

/** A marker so the box can react to the states of the label around it. */
export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '16px',
  height: '16px',
  /*
   * Centres the 16 px box on the first line of the label, then lowers it by 0.05em onto the middle of the
   * ideographs: in Noto Sans SC (the face we ship) they sit that far below the middle of the line box, so
   * centred on the line the box looked higher than 记住我. `1em` is the label's size only while the box
   * keeps the label's font size: the 12 px it once had for its check mark put it a further 1.6 px up.
   */
  marginBlockStart: `calc((1em * ${vars.font.lineHeight.normal} - 16px) / 2 + 0.05em)`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border.strong}`,
  backgroundColor: vars.color.bg.surface,
  color: vars.color.text.onSolid,
  transition: transition('background-color', 'border-color'),
  selectors: {
    [`${root}[data-hovered] &`]: { borderColor: vars.color.text.tertiary },
    [`${root}[data-selected] &, ${root}[data-indeterminate] &`]: {
      backgroundColor: vars.color.accent.solid,
      borderColor: vars.color.accent.solid,
    },
    [`${root}[data-pressed] &`]: { transform: 'scale(0.92)' },
    [`${root}[data-invalid] &`]: { borderColor: vars.color.danger.solid },
    [`${root}[data-invalid][data-selected] &`]: { backgroundColor: vars.color.danger.solid },
    [`${root}[data-focus-visible] &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

/* The mark is sized on its own, so that the box keeps the label's font size (see the margin above). */
globalStyle(`${box} > svg`, { width: '12px', height: '12px' });
