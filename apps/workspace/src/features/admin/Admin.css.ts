import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

/** The console: a side nav beside the section; on a narrow container the nav goes on top. */
export const console_ = style({
  containerType: 'inline-size',
  display: 'flex',
  width: '100%',
  height: '100%',
  minHeight: 0,
  boxSizing: 'border-box',
});

export const layout = style({
  display: 'flex',
  width: '100%',
  minHeight: 0,
  '@container': {
    '(max-width: 640px)': { flexDirection: 'column' },
  },
});

export const nav = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  flex: '0 0 160px',
  padding: `${vars.space.xl} ${vars.space.md}`,
  borderInlineEnd: `1px solid ${vars.color.border.subtle}`,
  '@container': {
    '(max-width: 640px)': {
      flex: '0 0 auto',
      flexDirection: 'row',
      overflowX: 'auto',
      padding: `${vars.space.sm} ${vars.space.md}`,
      borderInlineEnd: 'none',
      borderBottom: `1px solid ${vars.color.border.subtle}`,
    },
  },
});

export const navTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.secondary,
  '@container': { '(max-width: 640px)': { display: 'none' } },
});

export const navLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text.primary,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.bg.hover },
    '&[aria-current="page"]': {
      background: vars.color.bg.selected,
      fontWeight: vars.font.weight.bold,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const main = style({ flex: 1, minWidth: 0, minHeight: 0, overflowY: 'auto' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const fact = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });
export const factLabel = style({ color: vars.color.text.secondary, fontSize: vars.font.size.sm });
export const factValue = style({
  margin: 0,
  color: vars.color.text.primary,
  fontWeight: vars.font.weight.medium,
});

export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const actions = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap' });
export const reasonField = style({ flex: '1 1 240px' });
export const details = style({ whiteSpace: 'normal', minWidth: '200px', wordBreak: 'break-word' });
/** A form of a few settings, one field under the other, each with its hint. */
export const settingsForm = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.md,
  maxWidth: '28rem',
});

/** Fields side by side (two prices), wrapping one under the other on a phone. */
export const fieldRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
globalStyle(`${fieldRow} > *`, { flex: '1 1 10rem' });

/** A group of checkboxes under its legend. */
export const checks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});

/** A section's title with its main action at the end of the line. */
export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

/** A heading given focus when its form opens, so that the keyboard lands there. */
export const focusTarget = style({ selectors: { '&:focus': { outline: 'none' } } });

/** A table cell's lines one under the other: a name over its id, a price over its unit. */
export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '2px',
});
export const secondary = style({ color: vars.color.text.secondary, fontSize: vars.font.size.xs });
export const code = style({ fontFamily: vars.font.family.mono, fontSize: vars.font.size.xs });

/** A cell's long text (an address, a warning), wrapping within a readable width rather than widening the table. */
export const wrapCell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '2px',
  whiteSpace: 'normal',
  minWidth: '10rem',
  maxWidth: '16rem',
  overflowWrap: 'anywhere',
});

/** A row's buttons, two by two. */
export const rowButtons = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  gap: vars.space.xs,
  justifyContent: 'start',
});

export const warning = style({ color: vars.color.warning.text });

/** A checkbox's label of a few parts (a model's name, its id, a tag) on a line, wrapping on a phone. */
export const choiceLabel = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
  rowGap: '2px',
});

/** One extra request header of a provider: its name, its value and its remove button on a line. */
export const headerRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: vars.space.sm,
});

/** The remove button of a header row, level with the inputs (under their labels) whatever faults show. */
export const headerRemove = style({
  marginTop: `calc(${vars.font.size.sm} * ${vars.font.lineHeight.snug} + ${vars.space.xs} + (${vars.size.control.md} - ${vars.size.control.sm}) / 2)`,
});

/** A group's fault under it, as a field shows its own. */
export const fault = style({ margin: 0, color: vars.color.danger.text, fontSize: vars.font.size.sm });

/** Facts of differing lengths (a file's path, a time) side by side, wrapping under each other. */
export const wideFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.xl,
  rowGap: vars.space.md,
  margin: 0,
});
globalStyle(`${wideFacts} dd`, { overflowWrap: 'anywhere' });
