import { style } from '@vanilla-extract/css';
import { vars } from '@wanxiang/ui';

export const glyph = style({ fontSize: '15px', lineHeight: 1, minWidth: '1em', textAlign: 'center' });
export const glyphBold = style([glyph, { fontWeight: 800 }]);
export const glyphItalic = style([glyph, { fontStyle: 'italic', fontFamily: 'Georgia, serif' }]);
export const glyphUnderline = style([glyph, { textDecoration: 'underline' }]);
export const glyphStrike = style([glyph, { textDecoration: 'line-through' }]);
export const glyphCode = style([glyph, { fontFamily: vars.font.family.mono, fontSize: '12px' }]);
