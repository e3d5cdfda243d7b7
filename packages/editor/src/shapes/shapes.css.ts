import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

// The shape on the paper: the image's frame (`wx-ed-image-frame`, WordEditor.css) plus what a shape adds.
globalStyle('.wx-ed-shape', { display: 'inline-block', verticalAlign: 'bottom', maxWidth: '100%' });
globalStyle('.wx-ed-shape-frame', { lineHeight: 0 });
globalStyle('.wx-ed-shape-frame svg', { display: 'block', overflow: 'visible' });
// The text over the shape; the sheet stays white paper in both themes, so it is dark text.
globalStyle('.wx-ed-shape-text', {
  position: 'absolute',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  textAlign: 'center',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  overflow: 'hidden',
  lineHeight: 1.4,
  fontSize: '14px',
  color: '#111111',
  pointerEvents: 'none',
  userSelect: 'none',
});
globalStyle('.wx-ed-shape-text[data-align="start"]', { justifyContent: 'flex-start', textAlign: 'start' });
globalStyle('.wx-ed-shape-editor', {
  position: 'absolute',
  boxSizing: 'border-box',
  margin: 0,
  padding: 2,
  resize: 'none',
  border: `1px dashed ${vars.color.accent.solid}`,
  background: 'rgba(255, 255, 255, 0.92)',
  color: '#111111',
  font: 'inherit',
  fontSize: '14px',
  lineHeight: 1.4,
  outline: 'none',
  zIndex: 2,
});
globalStyle('.wx-ed-shape-tools', {
  position: 'absolute',
  bottom: '100%',
  left: 0,
  display: 'flex',
  gap: 4,
  marginBottom: 4,
  lineHeight: 1.4,
  zIndex: 2,
  whiteSpace: 'nowrap',
});
globalStyle('.wx-ed-shape-tool', {
  font: 'inherit',
  fontSize: vars.font.size.sm,
  padding: `2px ${vars.space.sm}`,
  border: `1px solid ${vars.color.border.default}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bg.surface,
  color: vars.color.text.primary,
  cursor: 'pointer',
});
globalStyle('.wx-ed-shape-tool:hover', { background: vars.color.bg.sunken });
globalStyle('.wx-ed-shape-tool:focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: 1,
});

// The picker.
export const picker = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const pickerRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  gap: vars.space.sm,
});
export const pickerButton = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.sm,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  color: vars.color.text.primary,
  background: vars.color.bg.surface,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.bg.sunken },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});
export const pickerIcon = style({ height: 28, width: 'auto' });
export const hint = style({ fontSize: vars.font.size.sm, color: vars.color.text.secondary, margin: 0 });
export const colorRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const sectionTitle = style({
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
  margin: 0,
});
export const chosen = style({ outline: `2px solid ${vars.color.accent.solid}`, outlineOffset: 1 });
