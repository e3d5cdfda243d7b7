import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';
import { paperSide } from '../constants';

/** The dialog's band: its legend, and the three places side by side. */
export const band = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const bandLegend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.font.size.sm,
  color: vars.color.text.secondary,
});

/**
 * A sheet's header and footer (headerFooter/sheetBands.ts), between the same side margins as the text,
 * each line in the middle of its margin, where print (printBands.ts) and the PDF put it too.
 */
export const sheetBand = style({
  position: 'absolute',
  insetInlineStart: paperSide('left'),
  insetInlineEnd: paperSide('right'),
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
  gap: vars.space.md,
  fontSize: '14px',
  lineHeight: '20px',
  color: vars.color.text.secondary,
  whiteSpace: 'pre',
  // A double click on it opens 页眉和页脚 (HeaderFooterPlugin): the sheets layer itself lets clicks through.
  pointerEvents: 'auto',
  cursor: 'default',
});

export const sheetHeader = style([
  sheetBand,
  { top: 'max(0px, calc(var(--wx-margin-top, 96px) / 2 - 10px))' },
]);

export const sheetFooter = style([
  sheetBand,
  { bottom: 'max(0px, calc(var(--wx-margin-bottom, 96px) / 2 - 10px))' },
]);

globalStyle(`${sheetBand} > :nth-child(1)`, {
  justifySelf: 'start',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
globalStyle(`${sheetBand} > :nth-child(2)`, { justifySelf: 'center' });
globalStyle(`${sheetBand} > :nth-child(3)`, {
  justifySelf: 'end',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
