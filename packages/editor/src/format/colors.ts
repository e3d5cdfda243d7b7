/** Colours offered in the palette; the default text colour is #111111 and the default highlight #ffffff. */
export const TEXT_COLORS = [
  '#111111',
  '#595959',
  '#c00000',
  '#e36c09',
  '#b8860b',
  '#2e7d32',
  '#1f4e99',
  '#7030a0',
] as const;
export const HIGHLIGHT_COLORS = [
  '#ffffff',
  '#ffff00',
  '#00ff00',
  '#00ffff',
  '#ff99cc',
  '#ffcc99',
  '#d9d9d9',
  '#c6e0ff',
] as const;
export const DEFAULT_TEXT_COLOR = '#111111';
export const DEFAULT_HIGHLIGHT = '#ffffff';
