import { $isHeadingNode } from '@lexical/rich-text';
import {
  $getEditor,
  $isElementNode,
  $isTextNode,
  type DOMConversion,
  type DOMConversionFn,
  type DOMConversionMap,
  type DOMConversionOutput,
  type ElementNode,
} from 'lexical';
import { cssFontSizeToPx, cssLengthToPx, FONT_FAMILIES, spacingToCss } from '../format/units';
import { $patchElementStyle, serializeStyle } from '../model/blockStyle';

/** The style attribute as written by the source (Word, WPS), kept before the CSSOM drops mso-* properties. */
const RAW_STYLE = 'data-wx-raw-style';

/** The parts of parse5's tree the renaming below walks. */
interface Parse5Node {
  attrs?: { name: string; value: string }[];
  childNodes?: Parse5Node[];
  content?: Parse5Node;
}

/**
 * Pasted HTML as a document the editor can read, with no style attribute in it. The app's
 * Content-Security-Policy forbids inline style attributes, and every document the page parses (DOMParser,
 * a template, innerHTML) inherits it: each `style="…"` of Word's or WPS's markup would be reported as a
 * violation and parsed into nothing. So the HTML is first parsed by parse5 (the standard's own parsing
 * algorithm, in JavaScript, outside the page's documents), every `style` attribute is renamed to
 * data-wx-raw-style, and only then is the result parsed into a document. `restoreInlineStyles` sets the
 * styles back through the CSSOM, which the policy allows. The parser is loaded on the first paste.
 */
export async function parsePastedHtml(html: string): Promise<Document> {
  const { parse, serialize } = await import('parse5');
  const tree = parse(html);
  const pending: Parse5Node[] = [tree as Parse5Node];
  for (let node = pending.pop(); node; node = pending.pop()) {
    for (const attribute of node.attrs ?? []) if (attribute.name === 'style') attribute.name = RAW_STYLE;
    if (node.childNodes) pending.push(...node.childNodes);
    if (node.content) pending.push(node.content);
  }
  return new DOMParser().parseFromString(serialize(tree), 'text/html');
}

/**
 * Gives each element of a document from `parsePastedHtml` its style back through the CSSOM; the raw text
 * stays in the data attribute for the properties the CSSOM does not know (Word's mso-*).
 */
export function restoreInlineStyles(root: ParentNode) {
  for (const element of root.querySelectorAll<HTMLElement>(`[${RAW_STYLE}]`)) {
    if (element.style) element.style.cssText = element.getAttribute(RAW_STYLE) ?? '';
  }
}

/** Declarations of a style attribute, lower-cased names, last one wins (mso-* included). */
export function parseRawStyle(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of raw.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim();
    if (name && value) out.set(name, value);
  }
  return out;
}

function rawStyleOf(element: HTMLElement): Map<string, string> {
  return parseRawStyle(element.getAttribute(RAW_STYLE) ?? element.getAttribute('style') ?? '');
}

/** Names Word and WPS write for the fonts the editor offers, besides the names in the css stacks. */
const FONT_ALIASES: Record<string, string> = {
  仿宋_gb2312: 'fangsong',
  楷体_gb2312: 'kaiti',
  新宋体: 'songti',
  nsimsun: 'songti',
  华文宋体: 'songti',
  华文楷体: 'kaiti',
  华文仿宋: 'fangsong',
  华文黑体: 'heiti',
  'times new roman': 'times',
};

const familyNames = (css: string) =>
  css
    .split(',')
    .map((f) => f.trim().replace(/^['"]|['"]$/g, ''))
    .filter(Boolean);

/** The css stack of the editor's font for a family written by Word / WPS, or null when it offers none. */
export function fontStackFor(family: string): string | null {
  for (const name of familyNames(family)) {
    const lower = name.toLowerCase();
    const alias = FONT_ALIASES[lower];
    const option = alias
      ? FONT_FAMILIES.find((f) => f.key === alias)
      : FONT_FAMILIES.find(
          (f) =>
            f.label.toLowerCase() === lower || familyNames(f.stack).some((n) => n.toLowerCase() === lower),
        );
    if (option) return option.stack;
  }
  return null;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;
/** Colours Word writes for "automatic" text: the paper's own text colour does better. */
const AUTO_COLOR = /^(windowtext|auto|black|#000|#000000|rgb\(0,\s*0,\s*0\))$/i;
const PLAIN_BACKGROUND = /^(transparent|white|#fff|#ffffff|window|rgb\(255,\s*255,\s*255\)|initial|none)$/i;

/**
 * The text style (font, size, colour, highlight) of a pasted run, as the editor writes it: a font Word or
 * WPS names becomes the editor's css stack (so the font box shows 宋体), its East Asian font
 * (mso-fareast-font-family) wins for Chinese text, and sizes in pt (五号 = 10.5pt) become px.
 */
export function textStyleFromElement(
  element: HTMLElement,
  text: string = element.textContent ?? '',
): Record<string, string> {
  const raw = rawStyleOf(element);
  const style: Record<string, string> = {};
  const family = raw.get('font-family');
  // Word names a font per script: the East Asian one for Chinese text, the ASCII one for Latin text.
  const scriptFamily = CJK.test(text)
    ? raw.get('mso-fareast-font-family')
    : (raw.get('mso-ascii-font-family') ?? raw.get('mso-hansi-font-family'));
  const stack =
    (scriptFamily ? fontStackFor(scriptFamily) : null) ??
    (family ? fontStackFor(family) : null) ??
    family ??
    scriptFamily ??
    null;
  if (stack) style['font-family'] = stack;
  const size = cssFontSizeToPx(raw.get('font-size'));
  if (size !== null && size > 0) style['font-size'] = `${size}px`;
  const color = raw.get('color');
  if (color && !AUTO_COLOR.test(color)) style.color = color;
  const background = raw.get('background-color') ?? raw.get('background');
  if (
    background &&
    /^(#[\da-f]{3,8}|rgba?\([^)]*\)|[a-z]+)$/i.test(background) &&
    !PLAIN_BACKGROUND.test(background)
  )
    style['background-color'] = background;
  return style;
}

/**
 * 段前 / 段后 of a pasted paragraph (its margin-top / margin-bottom, in any css length) as the 段落 dialog
 * sets them, in pt; a negative or out-of-range margin is left out.
 */
export function pastedSpacing(raw: ReadonlyMap<string, string>): Record<string, string> {
  const style: Record<string, string> = {};
  for (const [from, to] of [
    ['margin-top', 'margin-block-start'],
    ['margin-bottom', 'margin-block-end'],
  ] as const) {
    const px = cssLengthToPx(raw.get(from)?.replace(/^(-?)\./, '$10.'));
    const css = px === null ? null : spacingToCss({ value: px * 0.75, unit: 'pt' });
    if (css) style[to] = css;
  }
  return style;
}

/** Paragraph formatting of a pasted block: first-line / hanging indent, line spacing, 段前 / 段后. */
export function blockStyleFromElement(element: HTMLElement): Record<string, string> {
  const raw = rawStyleOf(element);
  const style: Record<string, string> = {};
  const chars = Number.parseFloat(raw.get('mso-char-indent-count') ?? '');
  const indent = raw.get('text-indent');
  if (Number.isFinite(chars) && chars > 0) style['text-indent'] = `${Math.round(chars * 100) / 100}em`;
  else if (indent) {
    const px = cssLengthToPx(indent);
    // A negative indent is a hanging one (Word's numbered paragraphs); only first-line indents are kept.
    if (px !== null && px > 0) style['text-indent'] = `${px}px`;
  }
  const lineHeight = raw.get('line-height');
  if (lineHeight) {
    const percent = /^(\d+(?:\.\d+)?)%$/.exec(lineHeight);
    const exact = raw.get('mso-line-height-rule') === 'exactly' || /(pt|px|mm)$/.test(lineHeight);
    if (percent) {
      const multiple = Number(percent[1]) / 100;
      if (multiple > 0 && multiple !== 1) style['line-height'] = String(Math.round(multiple * 100) / 100);
    } else if (exact) {
      const px = cssLengthToPx(lineHeight);
      if (px !== null && px > 0) style['line-height'] = `${px}px`;
    }
  }
  return { ...style, ...pastedSpacing(raw) };
}

type MakeConversion = (node: HTMLElement) => DOMConversion | null;
const OURS = new WeakSet<MakeConversion>();

/**
 * Rules that run Lexical's own conversion of a tag (the strongest one the editor's nodes register) and then
 * adjust its result. Lexical 0.52 declares its nodes' conversions in $config, so they are looked up on
 * the editor when a paste is converted rather than on the node classes.
 */
function wrapConversions(
  tags: readonly string[],
  adjust: (element: HTMLElement, output: DOMConversionOutput) => DOMConversionOutput,
): DOMConversionMap {
  const map: DOMConversionMap = {};
  for (const tag of tags) {
    const make: MakeConversion = (node) => {
      let base: DOMConversion | null = null;
      for (const other of $getEditor()._htmlConversions.get(tag) ?? []) {
        if (OURS.has(other)) continue;
        const candidate = other(node);
        if (candidate && (base === null || (base.priority ?? 0) <= (candidate.priority ?? 0)))
          base = candidate;
      }
      if (!base) return null;
      const original = base.conversion;
      const conversion: DOMConversionFn = (element) => {
        const output = original(element);
        return output ? adjust(element, output) : output;
      };
      return { conversion, priority: Math.min(4, (base.priority ?? 0) + 1) as DOMConversion['priority'] };
    };
    OURS.add(make);
    map[tag] = make;
  }
  return map;
}

const INLINE_TAGS = ['span', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'mark', 'code'] as const;

/**
 * HTML import rules of the editor (pasting from Word, WPS, web pages): inline runs keep their font, size,
 * colour and highlight; paragraphs keep their first-line indent and line spacing.
 */
export function buildHtmlImport(): DOMConversionMap {
  const text = wrapConversions(INLINE_TAGS, (element, output) =>
    output.node !== null || output.after !== undefined
      ? output
      : withTextStyle(output, serializeStyle(inlineRunStyle(element))),
  );
  const paragraph = wrapConversions(['p'], (element, output) => {
    const node = Array.isArray(output.node) ? null : output.node;
    if (node && $isElementNode(node) && !$isHeadingNode(node)) applyBlock(node, element);
    // A Word paragraph's own run style (font and size on the <p>) reaches its text like a span's would.
    return withTextStyle(output, serializeStyle(textStyleFromElement(element)));
  });
  return { ...text, ...paragraph };
}

/** The conversion's output, with `extra` added to the style of every text node it makes of its children. */
function withTextStyle(output: DOMConversionOutput, extra: string): DOMConversionOutput {
  if (!extra) return output;
  const forChild = output.forChild;
  return {
    ...output,
    forChild: (child, parent) => {
      const next = forChild ? forChild(child, parent) : child;
      if ($isTextNode(next)) next.setStyle(joinStyle(next.getStyle(), extra));
      return next;
    },
  };
}

const INLINE = new Set<string>(INLINE_TAGS.map((tag) => tag.toUpperCase()).concat('FONT', 'A'));

/**
 * The style of a run and its inline ancestors up to the block, outer first. Lexical keeps one child rule
 * per tag name, so an inner <span> replaces its outer <span>'s rule: each rule carries the whole chain.
 */
function inlineRunStyle(element: HTMLElement): Record<string, string> {
  const chain: HTMLElement[] = [];
  for (let el: HTMLElement | null = element; el && INLINE.has(el.nodeName); el = el.parentElement)
    chain.unshift(el);
  const style: Record<string, string> = {};
  for (const el of chain) {
    // An outer run's per-script font is chosen by the text of this run.
    Object.assign(style, textStyleFromElement(el, element.textContent ?? ''));
  }
  return style;
}

function applyBlock(node: ElementNode, element: HTMLElement) {
  const style = blockStyleFromElement(element);
  if (Object.keys(style).length) $patchElementStyle(node, style);
}

/** Later declarations win when Lexical reads a text style back, so the inner run's come last. */
function joinStyle(outer: string, inner: string): string {
  if (!outer) return inner;
  if (!inner) return outer;
  return `${outer.trim().replace(/;?$/, ';')} ${inner}`;
}
