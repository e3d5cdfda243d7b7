/**
 * How an answer's maths is recognised (the parsing is remark-math's; these are the decisions around it).
 *
 * - `$…$` and `$$…$$` inline, `$$` on lines of their own for a display block (remark-math).
 * - `\(…\)` and `\[…\]`, which models write as often as dollars, become `$…$` and `$$…$$` first; outside
 *   code only (the same rewrite LobeChat and NextChat do, as remark-math does not read them).
 * - A price is not maths: a single-dollar span counts only if, as in Pandoc's `tex_math_dollars`, its
 *   opening `$` is followed by a non-space, its closing `$` follows a non-space and is not followed by a
 *   digit. So "$5 and $10" stays text while "$x$" and "$E=mc^2$，" are maths.
 * - `$$…$$` alone in its paragraph (one line, as models often write a formula) is shown as a display
 *   formula, like a `$$` block.
 */

/** Code spans and fences (closed, or open to the end of the text while streaming) are left alone. */
const DELIMITERS =
  /(^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[ \t]*$|(?![\s\S]))|(`+)[^`]*?\3(?!`))|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)/gm;

/** Rewrites `\[…\]` to `$$…$$` and `\(…\)` to `$…$`, leaving code untouched. */
export function normalizeMathDelimiters(text: string): string {
  if (!text.includes('\\[') && !text.includes('\\(')) return text;
  return text.replace(
    DELIMITERS,
    (
      whole,
      code: string | undefined,
      _fence,
      _ticks,
      display: string | undefined,
      inline: string | undefined,
    ) => {
      if (code !== undefined) return whole;
      if (display !== undefined) return `$$${display.trim()}$$`;
      // Trimmed, so that `\( x \)` still meets the single-dollar rule below.
      return `$${(inline ?? '').trim()}$`;
    },
  );
}

const SPACE = /\s/;
const DIGIT = /[0-9]/;

/**
 * Whether the single-dollar span `source.slice(start, end)` (both dollars included) is maths by the
 * Pandoc rule above. Spans opened by `$$` are always maths.
 */
export function isDollarMath(source: string, start: number, end: number): boolean {
  if (source[start + 1] === '$') return true;
  const first = source[start + 1];
  const last = source[end - 2];
  if (end - start < 3 || first === undefined || last === undefined) return false;
  if (SPACE.test(first) || SPACE.test(last)) return false;
  const after = source[end];
  return after === undefined || !DIGIT.test(after);
}

interface Point {
  offset?: number | undefined;
}
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  position?: { start: Point; end: Point } | undefined;
  data?: unknown;
}

function displayMath(value: string, position: MdNode['position']): MdNode {
  // The same shape remark-math gives a `$$` block, so it renders the same way.
  return {
    type: 'math',
    value,
    position,
    data: {
      hName: 'pre',
      hChildren: [
        {
          type: 'element',
          tagName: 'code',
          properties: { className: ['language-math', 'math-display'] },
          children: [{ type: 'text', value }],
        },
      ],
    },
  };
}

function walk(node: MdNode, source: string): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i] as MdNode;
    if (child.type === 'inlineMath') {
      const start = child.position?.start.offset;
      const end = child.position?.end.offset;
      if (start !== undefined && end !== undefined && !isDollarMath(source, start, end)) {
        children[i] = { type: 'text', value: source.slice(start, end), position: child.position };
      }
    } else if (child.type === 'paragraph') {
      walk(child, source);
      const parts = (child.children ?? []).filter((c) => !(c.type === 'text' && !c.value?.trim()));
      const only = parts[0];
      const start = only?.position?.start.offset;
      if (
        parts.length === 1 &&
        only?.type === 'inlineMath' &&
        start !== undefined &&
        source[start + 1] === '$'
      ) {
        children[i] = displayMath(only.value ?? '', child.position);
      }
    } else {
      walk(child, source);
    }
  }
}

/** A remark plugin applying the decisions above to what remark-math parsed. */
export function remarkMathRules() {
  return (tree: MdNode, file: { value: unknown }) => {
    walk(tree, String(file.value));
  };
}

/**
 * Whether a display formula that ends at `end` in what has arrived so far (`raw`, before remend closed
 * anything) was closed by the model itself: the text up to its end (trailing blanks aside) ends with `$$`
 * that is not the opening one, or a closing code fence (a ```math block). The formula's end is read from
 * the completed source, so it may run past the arrived text; then it is not closed yet.
 */
export function isDisplayMathClosed(raw: string, end: number | undefined): boolean {
  if (end === undefined || end > raw.length) return false;
  const upTo = raw.slice(0, end).trimEnd();
  if (/(^|\n) {0,3}(`{3,}|~{3,})$/.test(upTo)) return true;
  if (!upTo.endsWith('$$')) return false;
  // The closing `$$` must not be the opening one: some `$$` pair before it in the same formula.
  const before = upTo.slice(0, -2);
  return (before.match(/\$\$/g)?.length ?? 0) % 2 === 1;
}
