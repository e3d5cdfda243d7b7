import { getStyleObjectFromCSS } from '@lexical/selection';
import { $getState, $setState, createState, type ElementNode, type LexicalNode } from 'lexical';

/**
 * The paragraph-level css of a block (line height, special indent, distributed alignment, 段前/段后). Kept in node
 * state, not ElementNode's `style`: Lexical 0.52 neither serializes nor renders an element's style, while
 * node state is saved with the document (the `$` field of its JSON).
 */
export const blockStyleState = createState('wxBlockStyle', {
  parse: (value) => (typeof value === 'string' ? value : ''),
});

export function $getBlockStyle(node: LexicalNode): string {
  return $getState(node, blockStyleState);
}

/** The paragraph-level css an element may carry in its `style` (Lexical does not put it on the DOM). */
export const BLOCK_STYLE_PROPERTIES = [
  'line-height',
  'text-indent',
  'margin-inline-start',
  'text-align-last',
  // 段前分页 (pages/pageBreakBefore.ts): the paragraph starts a page when printed.
  'break-before',
  // 段前 / 段后 (format/units.ts spacingToCss): `12pt` or `0.5lh`.
  'margin-block-start',
  'margin-block-end',
] as const;

export function parseStyle(css: string): Record<string, string> {
  return { ...getStyleObjectFromCSS(css) };
}

export function serializeStyle(style: Record<string, string>): string {
  return Object.entries(style)
    .filter(([, value]) => value !== '')
    .map(([property, value]) => `${property}: ${value};`)
    .join(' ');
}

/** Merges a patch into a block's paragraph style; '' removes a property. */
export function $patchElementStyle(node: ElementNode, patch: Record<string, string>) {
  const next = serializeStyle({ ...parseStyle($getBlockStyle(node)), ...patch });
  if (next !== $getBlockStyle(node)) $setState(node, blockStyleState, next);
}

/** Mirrors an element's block style onto its DOM element (only the properties we manage). */
export function applyBlockStyleToDOM(dom: HTMLElement, css: string) {
  const style = parseStyle(css);
  for (const property of BLOCK_STYLE_PROPERTIES) {
    const value = style[property];
    if (value) dom.style.setProperty(property, value);
    else dom.style.removeProperty(property);
  }
}
