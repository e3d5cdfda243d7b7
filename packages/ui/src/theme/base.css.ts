import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

/*
 * What the components need of the page's base (reset.css), given to their own elements only, so that a
 * host page without the reset draws them as the app does — and keeps its own base everywhere else. The
 * published packages prefix every class with `wx-` (their build's identifiers, the editor's Lexical theme);
 * `:where` leaves these rules no specificity, so any component style wins over them. Inside the app the
 * reset gives every element the same values.
 */
const own = ':where([class^="wx-"], [class*=" wx-"])';

globalStyle(`${own}, ${own}::before, ${own}::after`, { boxSizing: 'border-box' });
globalStyle(`:where(h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd)${own}`, { margin: 0 });
globalStyle(`:where(button, input, select, textarea)${own}`, { font: 'inherit', color: 'inherit' });
globalStyle(`:where(h1, h2, h3, h4, h5, h6)${own}`, {
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});
