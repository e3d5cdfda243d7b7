import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

// The notes follow the text on the sheet, under a short rule, as printed notes do.
export const notes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
  paddingTop: vars.space.md,
  selectors: {
    '&::before': {
      content: '""',
      display: 'block',
      width: '33%',
      marginTop: `calc(-1 * ${vars.space.md})`,
      marginBottom: vars.space.sm,
      borderTop: `1px solid ${vars.color.border.strong}`,
    },
  },
});

export const note = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontSize: vars.font.size.sm,
  selectors: {
    '&:hover': { borderColor: vars.color.border.subtle },
    '&[data-active]': { borderColor: vars.color.accent.solid, background: vars.color.accent.soft },
  },
});

export const noteHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  color: vars.color.text.secondary,
});

export const noteText = style({
  resize: 'vertical',
  minHeight: '40px',
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  font: 'inherit',
  padding: vars.space.xs,
});

// The endnotes close the text under their own heading (尾注), before the last page's footnotes.
export const endnotes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
});

export const endnotesHeading = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const noteTools = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

// The marker alone is the page view's label (the note drawn as printed); here the label says it whole.
export const noteMarker = style({ display: 'none', color: vars.color.text.secondary });
