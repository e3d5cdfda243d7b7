/*
 * Office Math (an m:oMath or m:oMathPara element of a .docx) read back as LaTeX, for the editor's formula:
 * the structures latexToOmml writes (fractions, scripts, radicals, n-ary operators, limits, delimiters,
 * matrices, accents) and the others Word's equation editor makes (functions, bars, group characters,
 * equation arrays, boxes). Symbols stay as their Unicode characters, which KaTeX reads in maths. An
 * element this does not know gives its text, so no part of an equation is lost. Bounded by the importer's
 * limits on elements and depth (convert/docxLimits.ts), which the package passed before it is read.
 */

const OMML = 'http://schemas.openxmlformats.org/officeDocument/2006/math';

const mChildren = (node: Element | undefined, name?: string): Element[] => {
  const out: Element[] = [];
  if (!node) return out;
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (
      child.nodeType === 1 &&
      (child as Element).namespaceURI === OMML &&
      (name === undefined || (child as Element).localName === name)
    )
      out.push(child as Element);
  return out;
};

const mChild = (node: Element | undefined, name: string): Element | undefined => mChildren(node, name)[0];

/** An m: property's m:val (`<m:chr m:val="∑"/>`), or undefined when the property is absent. */
function prop(node: Element | undefined, propsName: string, name: string): string | undefined {
  const element = mChild(mChild(node, propsName), name);
  if (!element) return undefined;
  return element.getAttributeNS(OMML, 'val') ?? element.getAttribute('m:val') ?? '';
}

const on = (value: string | undefined) => value !== undefined && value !== '0' && value !== 'off';

const NARY_COMMANDS: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⋁': '\\bigvee',
  '⋀': '\\bigwedge',
  '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
};

const ACCENTS: Record<string, string> = {
  '^': '\\hat',
  '\u0302': '\\hat',
  '¯': '\\bar',
  '\u0304': '\\bar',
  '\u0305': '\\bar',
  '‾': '\\overline',
  '→': '\\vec',
  '\u20d7': '\\vec',
  '~': '\\tilde',
  '\u0303': '\\tilde',
  '˙': '\\dot',
  '\u0307': '\\dot',
  '¨': '\\ddot',
  '\u0308': '\\ddot',
  '˘': '\\breve',
  ˇ: '\\check',
};

/** Function names KaTeX knows as commands (\sin); any other name is \operatorname{…}. */
const FUNCTIONS = new Set(
  'sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth log ln lg exp lim liminf limsup max min sup inf det dim ker deg gcd arg hom Pr'.split(
    ' ',
  ),
);

/** Characters LaTeX reads as syntax, written so that they stand for themselves. */
const LATEX_ESCAPES: Record<string, string> = {
  '\\': '\\backslash ',
  '{': '\\{',
  '}': '\\}',
  '#': '\\#',
  '%': '\\%',
  '&': '\\&',
  _: '\\_',
  $: '\\$',
  '^': '\\hat{}',
  '~': '\\sim ',
  // The spaces KaTeX writes for \, \: \; and \quad, back as those commands.
  '\u2009': '\\,',
  '\u205f': '\\:',
  '\u2005': '\\:',
  '\u2004': '\\;',
  '\u2003': '\\quad ',
};

const escapeMath = (text: string) => [...text].map((c) => LATEX_ESCAPES[c] ?? c).join('');
const escapeText = (text: string) =>
  [...text].map((c) => (c === '^' || c === '~' ? `\\${c}{}` : (LATEX_ESCAPES[c] ?? c))).join('');

/** A group, braced unless it is one character or one command already. */
function group(latex: string): string {
  return /^(?:[A-Za-z0-9]|\\[A-Za-z]+)$/u.test(latex) || [...latex].length === 1 ? latex : `{${latex}}`;
}

function runText(node: Element): string {
  let text = '';
  for (const t of mChildren(node, 't')) text += t.textContent ?? '';
  // Word's text runs (w:t inside m:r) when the equation holds ordinary text.
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (
      child.nodeType === 1 &&
      (child as Element).localName === 't' &&
      (child as Element).namespaceURI !== OMML
    )
      text += child.textContent ?? '';
  return text;
}

function run(node: Element): string {
  const text = runText(node);
  if (!text) return '';
  const props = mChild(node, 'rPr');
  if (props && mChild(props, 'nor')) return `\\text{${escapeText(text)}}`;
  const style = prop(node, 'rPr', 'sty');
  const script = prop(node, 'rPr', 'scr');
  if (script === 'double-struck') return `\\mathbb{${escapeMath(text)}}`;
  if (script === 'script') return `\\mathcal{${escapeMath(text)}}`;
  if (script === 'fraktur') return `\\mathfrak{${escapeMath(text)}}`;
  if (style === 'b') return `\\mathbf{${escapeMath(text)}}`;
  if (FUNCTIONS.has(text)) return `\\${text} `;
  if (style === 'p' && /^[A-Za-z]{2,}$/.test(text)) return `\\operatorname{${text}}`;
  if (style === 'p' && /^[A-Za-z]$/.test(text)) return `\\mathrm{${text}}`;
  return escapeMath(text);
}

const part = (node: Element | undefined, name: string) => children(mChild(node, name));

function children(node: Element | undefined): string {
  if (!node) return '';
  let out = '';
  for (const child of mChildren(node)) {
    const piece = element(child);
    // A command followed by a letter would read as a longer command name (\alpha b, not \alphab).
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(piece)) out += ' ';
    out += piece;
  }
  return out;
}

function element(node: Element): string {
  switch (node.localName) {
    case 'r':
      return run(node);
    case 'f': {
      const type = prop(node, 'fPr', 'type');
      const num = part(node, 'num');
      const den = part(node, 'den');
      if (type === 'noBar') return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`;
      if (type === 'lin') return `${group(num)}/${group(den)}`;
      return `\\frac{${num}}{${den}}`;
    }
    case 'sSup':
      return `${group(part(node, 'e'))}^${group(part(node, 'sup'))}`;
    case 'sSub':
      return `${group(part(node, 'e'))}_${group(part(node, 'sub'))}`;
    case 'sSubSup':
      return `${group(part(node, 'e'))}_${group(part(node, 'sub'))}^${group(part(node, 'sup'))}`;
    case 'sPre':
      return `{}_${group(part(node, 'sub'))}^${group(part(node, 'sup'))}${group(part(node, 'e'))}`;
    case 'rad': {
      const degree = part(node, 'deg');
      const hidden = on(prop(node, 'radPr', 'degHide'));
      return `\\sqrt${degree && !hidden ? `[${degree}]` : ''}{${part(node, 'e')}}`;
    }
    case 'nary': {
      const chr = prop(node, 'naryPr', 'chr') || '∫';
      const command = NARY_COMMANDS[chr] ?? escapeMath(chr);
      const sub = on(prop(node, 'naryPr', 'subHide')) ? '' : part(node, 'sub');
      const sup = on(prop(node, 'naryPr', 'supHide')) ? '' : part(node, 'sup');
      const operand = part(node, 'e');
      return `${command}${sub ? `_${group(sub)}` : ''}${sup ? `^${group(sup)}` : ''}${operand ? ` ${operand}` : ''}`;
    }
    case 'limLow': {
      const base = part(node, 'e');
      const limit = part(node, 'lim');
      return /^\\[a-z]+ ?$/.test(base) ? `${base.trim()}_${group(limit)}` : `\\underset{${limit}}{${base}}`;
    }
    case 'limUpp':
      return `\\overset{${part(node, 'lim')}}{${part(node, 'e')}}`;
    case 'func': {
      const name = part(node, 'fName').trim();
      const argument = part(node, 'e');
      const command = /^\\/.test(name) ? name : `\\operatorname{${name}}`;
      return `${command}${/^[A-Za-z0-9]/.test(argument) ? ' ' : ''}${argument}`;
    }
    case 'd': {
      const begin = prop(node, 'dPr', 'begChr') ?? '(';
      const end = prop(node, 'dPr', 'endChr') ?? ')';
      const separator = prop(node, 'dPr', 'sepChr') ?? '|';
      const inner = mChildren(node, 'e').map(children).join(escapeMath(separator));
      return `\\left${delimiter(begin)}${inner}\\right${delimiter(end)}`;
    }
    case 'm': {
      const rows = mChildren(node, 'mr').map((r) => mChildren(r, 'e').map(children).join(' & '));
      return `\\begin{matrix}${rows.join(' \\\\ ')}\\end{matrix}`;
    }
    case 'eqArr': {
      const rows = mChildren(node, 'e').map(children);
      return `\\begin{aligned}${rows.join(' \\\\ ')}\\end{aligned}`;
    }
    case 'acc': {
      const chr = prop(node, 'accPr', 'chr') ?? '\u0302';
      return `${ACCENTS[chr] ?? '\\hat'}{${part(node, 'e')}}`;
    }
    case 'bar':
      return `${prop(node, 'barPr', 'pos') === 'top' ? '\\overline' : '\\underline'}{${part(node, 'e')}}`;
    case 'groupChr': {
      const top = prop(node, 'groupChrPr', 'pos') === 'top';
      return `${top ? '\\overbrace' : '\\underbrace'}{${part(node, 'e')}}`;
    }
    case 'borderBox':
      return `\\boxed{${part(node, 'e')}}`;
    case 'box':
    case 'phant':
      return part(node, 'e');
    case 'oMath':
      return children(node);
    case 'oMathPara':
      return mChildren(node, 'oMath').map(children).join(' \\\\ ');
    default:
      // Properties (…Pr) hold no content; an unknown structure keeps its content.
      return node.localName?.endsWith('Pr') ? '' : children(node);
  }
}

/** A delimiter after \left or \right: an empty one is `.`, braces are escaped. */
function delimiter(chr: string): string {
  if (!chr) return '.';
  if (chr === '{' || chr === '}') return `\\${chr}`;
  if (chr === '‖') return '\\|';
  if (chr === '⟨' || chr === '〈') return '\\langle ';
  if (chr === '⟩' || chr === '〉') return '\\rangle ';
  return chr;
}

/** An m:oMath or m:oMathPara element as LaTeX (trimmed; empty when it holds nothing). */
export function ommlToLatex(node: Element): string {
  // Only ASCII white space is collapsed: a thin or em space in \text{…} is the formula's own.
  return element(node)
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}
