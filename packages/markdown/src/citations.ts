/**
 * `[n]` in an answer is a citation of its n-th web search source. A rehype step (after the sanitizer, so
 * its mark survives) wraps each in a `<sup data-citation="n">`; the Markdown's `sup` renderer makes it a
 * link to the source when the answer has one with that number, and leaves the text as it was otherwise.
 * Code, links and maths keep their brackets.
 */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const CITATION = /\[(\d{1,2})\]/g;
const SKIP = new Set(['code', 'pre', 'a', 'sup', 'script', 'style']);

function split(value: string): HastNode[] | null {
  CITATION.lastIndex = 0;
  if (!CITATION.test(value)) return null;
  CITATION.lastIndex = 0;
  const out: HastNode[] = [];
  let last = 0;
  for (const match of value.matchAll(CITATION)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ type: 'text', value: value.slice(last, at) });
    out.push({
      type: 'element',
      tagName: 'sup',
      properties: { dataCitation: match[1] },
      children: [{ type: 'text', value: match[0] }],
    });
    last = at + match[0].length;
  }
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

function mark(node: HastNode) {
  if (!node.children) return;
  if (node.type === 'element' && node.tagName && SKIP.has(node.tagName)) return;
  const classes = node.properties?.className;
  if (Array.isArray(classes) && classes.some((name) => String(name).startsWith('katex'))) return;
  const next: HastNode[] = [];
  for (const child of node.children) {
    if (child.type === 'text' && child.value) {
      const parts = split(child.value);
      if (parts) {
        next.push(...parts);
        continue;
      }
    }
    mark(child);
    next.push(child);
  }
  node.children = next;
}

export function rehypeCitations() {
  return (tree: HastNode) => mark(tree);
}
