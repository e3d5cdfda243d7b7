import { DOMParser } from '@xmldom/xmldom';
import katex from 'katex';
import { FORMULA_KATEX_OPTIONS } from './formulaModel';

/*
 * A formula's LaTeX as Office Math (OMML), the equations Word and WPS edit: KaTeX parses the LaTeX and
 * writes MathML (`output: 'mathml'`, which needs no DOM, so this runs in a worker and in Node), and the
 * MathML is mapped element by element onto OMML here. Written by hand because no maintained library turns
 * MathML into OMML outside Word itself (Word ships its own MML2OMML stylesheet, which needs an XSLT
 * engine); the `docx` library's Math classes have no matrices nor delimiters, so the XML is written
 * directly and handed to `docx` as imported XML.
 *
 * Covered: mi mn mo mrow mfrac msup msub msubsup msqrt mroot munder mover munderover mtable mtext mspace
 * mstyle, semantics (its annotation left out); a big operator (∑ ∫ ∏ …) with its limits becomes m:nary
 * over what follows it, up to the next relation or + −; a fenced row (\left( … \right)) becomes m:d.
 */

const MATHML = 'http://www.w3.org/1998/Math/MathML';

/** The n-ary operators Word draws as m:nary, with their limits above and below or beside. */
const NARY = new Set([...'∑∏∐∫∬∭∮∯∰⋃⋂⋁⋀⨁⨂⨀']);
/** Where the operand of an n-ary operator ends: relations, + and −, separators. */
const OPERAND_END = new Set([...'=≠<>≤≥≈≡∼≃≅∝→←⇒⇔+−-±∓,;:|']);
/** Operator names whose limit goes below them, as Word writes `lim` with m:limLow. */
const LIMIT_NAMES = new Set(['lim', 'liminf', 'limsup', 'max', 'min', 'sup', 'inf', 'argmax', 'argmin']);
/** Invisible operators (function application, invisible times…): OMML has no use for them. */
const INVISIBLE = /[\u2061-\u2064]/g;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const elementsOf = (node: Element): Element[] => {
  const out: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 1) out.push(child as Element);
  return out;
};

const nameOf = (node: Element) => node.localName ?? node.nodeName;
const textOf = (node: Element) => (node.textContent ?? '').replace(INVISIBLE, '');

/** A math run: its text, upright (`p`), bold, or in another script when MathML says so. */
function run(text: string, props = ''): string {
  if (!text) return '';
  return `<m:r>${props ? `<m:rPr>${props}</m:rPr>` : ''}<m:t xml:space="preserve">${escapeXml(text)}</m:t></m:r>`;
}

const VARIANT_PROPS: Record<string, string> = {
  normal: '<m:sty m:val="p"/>',
  bold: '<m:sty m:val="b"/>',
  italic: '<m:sty m:val="i"/>',
  'bold-italic': '<m:sty m:val="bi"/>',
  'double-struck': '<m:scr m:val="double-struck"/><m:sty m:val="p"/>',
  script: '<m:scr m:val="script"/><m:sty m:val="p"/>',
  fraktur: '<m:scr m:val="fraktur"/><m:sty m:val="p"/>',
  'sans-serif': '<m:scr m:val="sans-serif"/><m:sty m:val="p"/>',
  monospace: '<m:scr m:val="monospace"/><m:sty m:val="p"/>',
};

function identifier(node: Element): string {
  const text = textOf(node);
  const variant = node.getAttribute('mathvariant');
  // A name of several letters (sin, lim, log) is upright, as MathML's mi is by default.
  const props = variant ? (VARIANT_PROPS[variant] ?? '') : [...text].length > 1 ? VARIANT_PROPS.normal : '';
  return run(text, props);
}

/** The base of a script, when it is a big operator: its character. */
function naryChar(node: Element | undefined): string | null {
  if (!node) return null;
  if (nameOf(node) === 'mo') {
    const text = textOf(node).trim();
    return NARY.has(text) ? text : null;
  }
  if (nameOf(node) === 'mrow' || nameOf(node) === 'mstyle') {
    const children = elementsOf(node);
    return children.length === 1 ? naryChar(children[0]) : null;
  }
  return null;
}

/** A script element over a big operator: its character and limits; null for any other element. */
function naryParts(node: Element): { chr: string; sub: Element | null; sup: Element | null } | null {
  const name = nameOf(node);
  const [base, first, second] = elementsOf(node);
  const bare = naryChar(node);
  if (bare) return { chr: bare, sub: null, sup: null };
  const chr = naryChar(base);
  if (!chr) return null;
  switch (name) {
    case 'msub':
    case 'munder':
      return { chr, sub: first ?? null, sup: null };
    case 'msup':
    case 'mover':
      return { chr, sub: null, sup: first ?? null };
    case 'msubsup':
    case 'munderover':
      return { chr, sub: first ?? null, sup: second ?? null };
    default:
      return null;
  }
}

const wrap = (tag: string, content: string) => `<m:${tag}>${content}</m:${tag}>`;

function nary(
  parts: { chr: string; sub: Element | null; sup: Element | null },
  operand: string,
  limitsBelow: boolean,
): string {
  const props = [
    // Word's default n-ary character is the integral; any other is named.
    parts.chr === '∫' ? '' : `<m:chr m:val="${escapeXml(parts.chr)}"/>`,
    limitsBelow ? '<m:limLoc m:val="undOvr"/>' : '<m:limLoc m:val="subSup"/>',
    parts.sub ? '' : '<m:subHide m:val="1"/>',
    parts.sup ? '' : '<m:supHide m:val="1"/>',
  ].join('');
  return (
    `<m:nary><m:naryPr>${props}</m:naryPr>` +
    wrap('sub', parts.sub ? convert(parts.sub) : '') +
    wrap('sup', parts.sup ? convert(parts.sup) : '') +
    wrap('e', operand) +
    '</m:nary>'
  );
}

/** A row's elements: big operators take what follows them as their operand; fenced rows become m:d. */
function row(children: Element[]): string {
  const first = children[0];
  const last = children.at(-1);
  if (
    children.length >= 2 &&
    first &&
    last &&
    nameOf(first) === 'mo' &&
    nameOf(last) === 'mo' &&
    first.getAttribute('fence') === 'true' &&
    last.getAttribute('fence') === 'true'
  ) {
    const inner = children.slice(1, -1);
    return (
      `<m:d><m:dPr><m:begChr m:val="${escapeXml(textOf(first))}"/>` +
      `<m:endChr m:val="${escapeXml(textOf(last))}"/></m:dPr>` +
      `${wrap('e', row(inner))}</m:d>`
    );
  }
  let out = '';
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as Element;
    const parts = naryParts(child);
    if (!parts) {
      out += convert(child);
      continue;
    }
    let end = i + 1;
    while (end < children.length) {
      const next = children[end] as Element;
      if (nameOf(next) === 'mo' && OPERAND_END.has(textOf(next).trim())) break;
      if (naryParts(next)) break;
      end++;
    }
    const name = nameOf(child);
    out += nary(parts, row(children.slice(i + 1, end)), name.startsWith('mu') || name === 'mover');
    i = end - 1;
  }
  return out;
}

/** The space an mspace stands for, as Word would type it: an em space from 1em, else a thin space. */
function space(node: Element): string {
  const width = Number.parseFloat(node.getAttribute('width') ?? '0');
  if (!(width > 0)) return '';
  return width >= 1 ? '\u2003'.repeat(Math.min(4, Math.round(width))) : '\u2009';
}

function convert(node: Element): string {
  const children = elementsOf(node);
  const [a, b, c] = children;
  const part = (tag: string, element: Element | undefined) => wrap(tag, element ? convert(element) : '');
  switch (nameOf(node)) {
    case 'math':
    case 'mrow':
    case 'mstyle':
    case 'mpadded':
    case 'menclose':
    case 'mtd':
      return row(children);
    case 'semantics':
      // The first child is the formula; the annotation holds its TeX source.
      return a ? convert(a) : '';
    case 'annotation':
    case 'annotation-xml':
    case 'mphantom':
      return '';
    case 'mi':
    case 'mn':
    case 'mo':
      // KaTeX wraps some structures in a token element (\overset in an mo): those are read as a row.
      if (children.length) return row(children);
      return nameOf(node) === 'mi' ? identifier(node) : run(textOf(node));
    case 'mtext':
    case 'ms':
      // Words in a formula (\text{若}) stay ordinary text.
      return run(textOf(node), '<m:nor/>');
    case 'mspace':
      return run(space(node));
    case 'mfrac':
      return (
        `<m:f>${node.getAttribute('linethickness') === '0px' ? '<m:fPr><m:type m:val="noBar"/></m:fPr>' : ''}` +
        `${part('num', a)}${part('den', b)}</m:f>`
      );
    case 'msqrt':
      return `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${wrap('e', row(children))}</m:rad>`;
    case 'mroot':
      return `<m:rad>${part('deg', b)}${part('e', a)}</m:rad>`;
    case 'msup':
    case 'msub':
    case 'msubsup':
    case 'munder':
    case 'mover':
    case 'munderover': {
      const parts = naryParts(node);
      if (parts) return nary(parts, '', nameOf(node).startsWith('mu') || nameOf(node) === 'mover');
      return scripts(node, a, b, c);
    }
    case 'mtable':
      return matrix(node);
    default:
      return row(children);
  }
}

function scripts(node: Element, a?: Element, b?: Element, c?: Element): string {
  const part = (tag: string, element: Element | undefined) => wrap(tag, element ? convert(element) : '');
  switch (nameOf(node)) {
    case 'msup':
      return `<m:sSup>${part('e', a)}${part('sup', b)}</m:sSup>`;
    case 'msub':
      // lim, max, min… take their limit below them (KaTeX writes it as a subscript in inline formulas).
      return a && LIMIT_NAMES.has(textOf(a))
        ? `<m:limLow>${part('e', a)}${part('lim', b)}</m:limLow>`
        : `<m:sSub>${part('e', a)}${part('sub', b)}</m:sSub>`;
    case 'msubsup':
      return `<m:sSubSup>${part('e', a)}${part('sub', b)}${part('sup', c)}</m:sSubSup>`;
    case 'munder':
      return node.getAttribute('accentunder') === 'true' && b
        ? accent(a, b, 'bot')
        : `<m:limLow>${part('e', a)}${part('lim', b)}</m:limLow>`;
    case 'mover':
      return node.getAttribute('accent') === 'true' && b
        ? accent(a, b, 'top')
        : `<m:limUpp>${part('e', a)}${part('lim', b)}</m:limUpp>`;
    default:
      // munderover (not a big operator): the lower limit inside the upper.
      return `<m:limUpp><m:e><m:limLow>${part('e', a)}${part('lim', b)}</m:limLow></m:e>${part('lim', c)}</m:limUpp>`;
  }
}

/** \hat{x}, \bar{x}, \vec{x}…: Word's accent, the mark's character over (or under, as a group) the base. */
function accent(base: Element | undefined, mark: Element, position: 'top' | 'bot'): string {
  const e = wrap('e', base ? convert(base) : '');
  const chr = textOf(mark).trim();
  if (position === 'bot')
    return `<m:groupChr><m:groupChrPr><m:chr m:val="${escapeXml(chr)}"/><m:pos m:val="bot"/></m:groupChrPr>${e}</m:groupChr>`;
  return `<m:acc><m:accPr><m:chr m:val="${escapeXml(chr)}"/></m:accPr>${e}</m:acc>`;
}

function matrix(table: Element): string {
  const rows = elementsOf(table).filter((r) => nameOf(r) === 'mtr' || nameOf(r) === 'mlabeledtr');
  const columns = Math.max(1, ...rows.map((r) => elementsOf(r).length));
  const body = rows
    .map((r) => {
      const cells = elementsOf(r);
      return wrap(
        'mr',
        Array.from({ length: columns }, (_, i) => wrap('e', cells[i] ? convert(cells[i]) : '')).join(''),
      );
    })
    .join('');
  return `<m:m><m:mPr><m:mcs><m:mc><m:mcPr><m:count m:val="${columns}"/><m:mcJc m:val="center"/></m:mcPr></m:mc></m:mcs></m:mPr>${body}</m:m>`;
}

/** KaTeX's MathML for a formula (throws KaTeX's ParseError on bad LaTeX). */
export function latexToMathml(tex: string, display = false): string {
  const html = katex.renderToString(tex, {
    ...FORMULA_KATEX_OPTIONS,
    displayMode: display,
    output: 'mathml',
    throwOnError: true,
  });
  const start = html.indexOf('<math');
  const end = html.lastIndexOf('</math>');
  return start >= 0 && end > start ? html.slice(start, end + '</math>'.length) : '';
}

/** MathML (a `<math>` element's markup) as the content of an m:oMath: its runs and structures. */
export function mathmlToOmml(mathml: string): string {
  const document = new DOMParser({
    errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} },
  }).parseFromString(mathml, 'text/xml');
  const root = document?.documentElement as unknown as Element | null;
  if (!root || root.namespaceURI !== MATHML) return '';
  return convert(root);
}

/** The namespace of the OMML this module writes, declared on each piece so it stands on its own. */
export const OMML_NAMESPACE = 'http://schemas.openxmlformats.org/officeDocument/2006/math';

/**
 * A formula as one m:oMath element (an inline equation); a display formula as m:oMathPara around it, an
 * equation on its own line. LaTeX that does not parse is written as its source, upright, so nothing is lost.
 */
export function latexToOmml(tex: string, display = false): string {
  let content: string;
  try {
    content = mathmlToOmml(latexToMathml(tex, display));
  } catch {
    content = run(tex, '<m:nor/>');
  }
  const math = `<m:oMath xmlns:m="${OMML_NAMESPACE}">${content}</m:oMath>`;
  return display
    ? `<m:oMathPara xmlns:m="${OMML_NAMESPACE}"><m:oMathParaPr><m:jc m:val="center"/></m:oMathParaPr>${math.replace(` xmlns:m="${OMML_NAMESPACE}"`, '')}</m:oMathPara>`
    : math;
}
