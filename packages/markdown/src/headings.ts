/**
 * An answer's headings sit under the chat page's own: the page has its title as an h1 (and the sidebar's
 * h2/h3 before it), so an answer's `#` becomes an h2, `##` an h3, and so on, capped at h6 — the headings
 * never skip a level after the page's (axe's heading-order). Each keeps the size of the level it was
 * written at through a class (`md-h1`…`md-h6`), so the answer looks as before.
 */
export const ANSWER_TOP_HEADING = 2;

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const HEADING = /^h([1-6])$/;

export function shiftHeadings(node: HastNode, top = ANSWER_TOP_HEADING): void {
  if (node.type === 'element' && node.tagName) {
    const match = HEADING.exec(node.tagName);
    if (match) {
      const written = Number(match[1]);
      node.tagName = `h${Math.min(6, written + top - 1)}`;
      const properties = node.properties ?? {};
      const classes = properties.className;
      properties.className = [
        ...(Array.isArray(classes) ? classes : classes ? [String(classes)] : []),
        `md-h${written}`,
      ];
      node.properties = properties;
    }
  }
  if (node.children) for (const child of node.children) shiftHeadings(child, top);
}

/** The rehype plugin (after the sanitizer, which would drop the class). */
export function rehypeShiftHeadings() {
  return (tree: HastNode) => shiftHeadings(tree);
}
