import {
  wAttr as attr,
  wChildren as elements,
  wChild as first,
  parseWordXml,
  type WordParts,
  type XmlElement,
} from './wordXml';

/*
 * What mammoth does not report, read from the package's own XML: the East Asian font of a run, its colour
 * and shading, sizes and fonts that come from styles, a paragraph's line spacing, indents in characters and
 * its outline level, and which numbering a paragraph really shows (none, for the headings LibreOffice, WPS
 * and many Word templates number with `numFmt none`). Styles resolve as Word resolves them: the document's
 * defaults, then the paragraph style and its basedOn chain, then the character style, then the run's own
 * formatting.
 *
 * Each part is parsed once (wordXml.ts); the body's section properties are kept for the page setup and the
 * note styles, which live there.
 */

/** Run formatting as a part of the package states it; undefined where it says nothing. */
export interface RunProps {
  eastAsia?: string;
  ascii?: string;
  /** Half-points (w:sz). */
  size?: number;
  /** RRGGBB, or 'auto'. */
  color?: string;
  /** Word's highlight colour name (w:highlight). */
  highlight?: string;
  /** RRGGBB of the run's shading fill (w:shd). */
  shading?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
}

/** Paragraph formatting; lengths in twips, "Chars" in hundredths of a character. */
export interface ParagraphProps {
  jc?: string;
  line?: number;
  lineRule?: string;
  before?: number;
  after?: number;
  /** 段前 / 段后 in hundredths of a line (w:beforeLines, w:afterLines): Word uses these over before/after. */
  beforeLines?: number;
  afterLines?: number;
  firstLine?: number;
  firstLineChars?: number;
  hanging?: number;
  hangingChars?: number;
  left?: number;
  leftChars?: number;
  /** 0–8 a heading level, 9 body text. */
  outlineLevel?: number;
  numId?: string;
  numLevel?: number;
  /** A border under the paragraph (w:pBdr/w:bottom, not none): on an empty paragraph, Word's horizontal line. */
  bottomBorder?: boolean;
  /** w:pageBreakBefore: the paragraph starts a page (段前分页). */
  pageBreakBefore?: boolean;
}

interface Style {
  id: string;
  name: string;
  type: string;
  basedOn?: string;
  paragraph: ParagraphProps;
  run: RunProps;
}

interface NumberingLevel {
  format: string;
  text: string;
  start: number;
  suffix: string;
}

export interface XmlRun {
  text: string;
  styleId?: string;
  props: RunProps;
  /** The instruction of the field whose result this run is part of (REF …), and which field it is. */
  field?: { instr: string; index: number };
}

export interface XmlParagraph {
  text: string;
  styleId?: string;
  props: ParagraphProps;
  runs: XmlRun[];
  /** The characters of text each bookmark starting in it spans here (to its end or the paragraph's). */
  bookmarks?: Map<string, number>;
  /** The number Word shows before it ("一、", "1.2 "), worked out in document order; '' when none. */
  label: string;
}

const integer = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^-?\d+$/.test(value)) return undefined;
  return Number(value);
};

/** An on/off property (w:b, w:i…): present means on unless its value says false. */
function onOff(element: XmlElement | undefined): boolean | undefined {
  if (!element) return undefined;
  const value = attr(element, 'val');
  return !(value === 'false' || value === '0' || value === 'off' || value === 'none');
}

/** The theme's fonts by the names rFonts gives them (minorEastAsia, majorHAnsi…). */
type ThemeFonts = Record<string, string>;

const DRAWING = 'http://schemas.openxmlformats.org/drawingml/2006/main';

/**
 * The fonts of the package's theme, which Word's own documents name instead of a face (Word's defaults
 * are minorHAnsi and minorEastAsia): the major (headings) and minor (body) Latin face, and the East Asian
 * one — the theme's face for Simplified Chinese, else its East Asian face.
 */
function readTheme(root: XmlElement | null): ThemeFonts {
  const fonts: ThemeFonts = {};
  if (!root) return fonts;
  for (const kind of ['major', 'minor'] as const) {
    const scheme = root.getElementsByTagNameNS(DRAWING, `${kind}Font`)[0];
    if (!scheme) continue;
    let latin = '';
    let eastAsia = '';
    let hans = '';
    for (let child = scheme.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 1 || (child as XmlElement).namespaceURI !== DRAWING) continue;
      const element = child as XmlElement;
      const face = element.getAttribute('typeface') ?? '';
      if (element.localName === 'latin') latin = face;
      else if (element.localName === 'ea') eastAsia = face;
      else if (element.localName === 'font' && element.getAttribute('script') === 'Hans') hans = face;
    }
    if (latin) {
      fonts[`${kind}HAnsi`] = latin;
      fonts[`${kind}Ascii`] = latin;
    }
    if (hans || eastAsia) fonts[`${kind}EastAsia`] = hans || eastAsia;
  }
  return fonts;
}

function readRunProps(rPr: XmlElement | undefined, theme: ThemeFonts = {}): RunProps {
  const props: RunProps = {};
  if (!rPr) return props;
  const fonts = first(rPr, 'rFonts');
  // A theme font, where one is named, is used in place of the face beside it.
  const themed = (name: string) => {
    const key = attr(fonts, `${name}Theme`);
    return key ? theme[key] : undefined;
  };
  const eastAsia = themed('eastAsia') ?? attr(fonts, 'eastAsia');
  const ascii = themed('ascii') ?? attr(fonts, 'ascii') ?? themed('hAnsi') ?? attr(fonts, 'hAnsi');
  if (eastAsia) props.eastAsia = eastAsia;
  if (ascii) props.ascii = ascii;
  const size = integer(attr(first(rPr, 'sz'), 'val'));
  if (size !== undefined && size > 0 && size <= 3276) props.size = size;
  const color = attr(first(rPr, 'color'), 'val');
  if (color && (/^[0-9a-f]{6}$/i.test(color) || color === 'auto')) props.color = color.toUpperCase();
  const highlight = attr(first(rPr, 'highlight'), 'val');
  if (highlight) props.highlight = highlight;
  const fill = attr(first(rPr, 'shd'), 'fill');
  if (fill && /^[0-9a-f]{6}$/i.test(fill)) props.shading = fill.toUpperCase();
  const bold = onOff(first(rPr, 'b'));
  if (bold !== undefined) props.bold = bold;
  const italic = onOff(first(rPr, 'i'));
  if (italic !== undefined) props.italic = italic;
  const underline = onOff(first(rPr, 'u'));
  if (underline !== undefined) props.underline = underline;
  const strike = onOff(first(rPr, 'strike'));
  if (strike !== undefined) props.strike = strike;
  return props;
}

function readParagraphProps(pPr: XmlElement | undefined): ParagraphProps {
  const props: ParagraphProps = {};
  if (!pPr) return props;
  const jc = attr(first(pPr, 'jc'), 'val');
  if (jc) props.jc = jc;
  const spacing = first(pPr, 'spacing');
  const line = integer(attr(spacing, 'line'));
  if (line !== undefined && line > 0) {
    props.line = line;
    props.lineRule = attr(spacing, 'lineRule') ?? 'auto';
  }
  const before = integer(attr(spacing, 'before'));
  if (before !== undefined) props.before = before;
  const after = integer(attr(spacing, 'after'));
  if (after !== undefined) props.after = after;
  const beforeLines = integer(attr(spacing, 'beforeLines'));
  if (beforeLines !== undefined) props.beforeLines = beforeLines;
  const afterLines = integer(attr(spacing, 'afterLines'));
  if (afterLines !== undefined) props.afterLines = afterLines;
  const ind = first(pPr, 'ind');
  for (const [key, name] of [
    ['firstLine', 'firstLine'],
    ['firstLineChars', 'firstLineChars'],
    ['hanging', 'hanging'],
    ['hangingChars', 'hangingChars'],
    ['left', 'left'],
    ['leftChars', 'leftChars'],
  ] as const) {
    const value = integer(attr(ind, name) ?? (name === 'left' ? attr(ind, 'start') : undefined));
    if (value !== undefined) props[key] = value;
  }
  const bottom = first(first(pPr, 'pBdr'), 'bottom');
  if (bottom) props.bottomBorder = !['none', 'nil'].includes(attr(bottom, 'val') ?? 'none');
  const breakBefore = onOff(first(pPr, 'pageBreakBefore'));
  if (breakBefore !== undefined) props.pageBreakBefore = breakBefore;
  const outline = integer(attr(first(pPr, 'outlineLvl'), 'val'));
  if (outline !== undefined && outline >= 0 && outline <= 9) props.outlineLevel = outline;
  const numPr = first(pPr, 'numPr');
  if (numPr) {
    const numId = attr(first(numPr, 'numId'), 'val');
    if (numId !== undefined) props.numId = numId;
    const level = integer(attr(first(numPr, 'ilvl'), 'val'));
    if (level !== undefined) props.numLevel = Math.max(0, Math.min(8, level));
  }
  return props;
}

const merge = <T extends object>(...layers: T[]): T => Object.assign({}, ...layers);

/** The text of a run as mammoth reports it: its w:t, and a tab for w:tab. */
function runText(run: XmlElement): string {
  let text = '';
  for (const child of elements(run)) {
    if (child.localName === 't') text += child.textContent ?? '';
    else if (child.localName === 'tab') text += '\t';
  }
  return text;
}

/** Parts mammoth skips, and whose paragraphs and runs therefore are not its. */
const SKIPPED = new Set(['del', 'moveFrom', 'pPr', 'rPr', 'sectPr', 'tblPr', 'trPr', 'tcPr', 'tblGrid']);

/** Counters in Chinese as Word writes them: 一 … 十 … 九十九, 一百…. */
function chineseNumber(n: number): string {
  const digits = '〇一二三四五六七八九';
  if (n <= 0) return String(n);
  if (n < 10) return digits[n] as string;
  if (n < 20) return `十${n % 10 ? digits[n % 10] : ''}`;
  if (n < 100) return `${digits[Math.floor(n / 10)]}十${n % 10 ? digits[n % 10] : ''}`;
  return String(n);
}

function roman(n: number): string {
  if (n <= 0 || n >= 4000) return String(n);
  const table: Array<[number, string]> = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  let rest = n;
  for (const [value, symbol] of table)
    while (rest >= value) {
      out += symbol;
      rest -= value;
    }
  return out;
}

function letters(n: number): string {
  if (n <= 0) return String(n);
  const letter = String.fromCharCode(65 + ((n - 1) % 26));
  return letter.repeat(Math.floor((n - 1) / 26) + 1);
}

/** A counter in one of Word's number formats; decimal for those not listed. */
export function formatCounter(n: number, format: string): string {
  switch (format) {
    case 'chineseCounting':
    case 'chineseCountingThousand':
    case 'chineseLegalSimplified':
    case 'japaneseCounting':
    case 'taiwaneseCounting':
    case 'taiwaneseCountingThousand':
    case 'ideographTraditional':
      return format === 'ideographTraditional'
        ? ('甲乙丙丁戊己庚辛壬癸'[n - 1] ?? String(n))
        : chineseNumber(n);
    case 'upperLetter':
      return letters(n);
    case 'lowerLetter':
      return letters(n).toLowerCase();
    case 'upperRoman':
      return roman(n);
    case 'lowerRoman':
      return roman(n).toLowerCase();
    case 'decimalEnclosedCircle':
    case 'decimalEnclosedCircleChinese':
      return n >= 1 && n <= 20 ? String.fromCharCode(0x2460 + n - 1) : String(n);
    case 'decimalZero':
      return n < 10 ? `0${n}` : String(n);
    default:
      return String(n);
  }
}

/** The formatting of one DOCX package, and its paragraphs in document order. */
export class DocxFormatting {
  readonly paragraphs: XmlParagraph[] = [];
  private readonly styles = new Map<string, Style>();
  private defaultParagraphStyle: string | undefined;
  private defaults: { paragraph: ParagraphProps; run: RunProps } = { paragraph: {}, run: {} };
  private readonly paragraphBase = new Map<string, ParagraphProps>();
  private readonly runBase = new Map<string, RunProps>();
  /** numId → its abstract numbering's id and levels. */
  private readonly numbering = new Map<string, { abstract: string; levels: Map<number, NumberingLevel> }>();

  private readonly theme: ThemeFonts;

  /**
   * The parts as text; the body may come parsed already (its caller reads its section too). Nothing of
   * the parsed XML is kept: what is read is copied out, so the trees are freed once this is built.
   */
  constructor(parts: Omit<WordParts, 'settings' | 'document'> & { document?: string | XmlElement | null }) {
    this.theme = readTheme(parseWordXml(parts.theme));
    this.readStyles(parseWordXml(parts.styles));
    this.readNumbering(parseWordXml(parts.numbering));
    this.readDocument(
      typeof parts.document === 'string' ? parseWordXml(parts.document) : (parts.document ?? null),
    );
  }

  private readStyles(root: XmlElement | null): void {
    if (!root) return;
    const defaults = first(root, 'docDefaults');
    this.defaults = {
      run: readRunProps(first(first(defaults, 'rPrDefault'), 'rPr'), this.theme),
      paragraph: readParagraphProps(first(first(defaults, 'pPrDefault'), 'pPr')),
    };
    for (const element of elements(root, 'style')) {
      const id = attr(element, 'styleId');
      if (!id) continue;
      const type = attr(element, 'type') ?? 'paragraph';
      const style: Style = {
        id,
        type,
        name: attr(first(element, 'name'), 'val') ?? id,
        basedOn: attr(first(element, 'basedOn'), 'val'),
        paragraph: readParagraphProps(first(element, 'pPr')),
        run: readRunProps(first(element, 'rPr'), this.theme),
      };
      this.styles.set(`${type}:${id}`, style);
      const isDefault = attr(element, 'default');
      if (type === 'paragraph' && (isDefault === '1' || isDefault === 'true'))
        this.defaultParagraphStyle = id;
    }
  }

  private readNumbering(root: XmlElement | null): void {
    if (!root) return;
    const abstracts = new Map<string, Map<number, NumberingLevel>>();
    for (const abstract of elements(root, 'abstractNum')) {
      const levels = new Map<number, NumberingLevel>();
      for (const level of elements(abstract, 'lvl')) {
        const index = integer(attr(level, 'ilvl')) ?? 0;
        levels.set(index, {
          format: attr(first(level, 'numFmt'), 'val') ?? 'decimal',
          text: attr(first(level, 'lvlText'), 'val') ?? '',
          start: integer(attr(first(level, 'start'), 'val')) ?? 1,
          suffix: attr(first(level, 'suff'), 'val') ?? 'tab',
        });
      }
      abstracts.set(attr(abstract, 'abstractNumId') ?? '', levels);
    }
    for (const num of elements(root, 'num')) {
      const abstract = attr(first(num, 'abstractNumId'), 'val') ?? '';
      const levels = abstracts.get(abstract);
      if (levels) this.numbering.set(attr(num, 'numId') ?? '', { abstract, levels });
    }
  }

  /** Fields read so far: each field's runs carry its number, to tell two adjacent fields apart. */
  private fieldCount = 0;

  private readDocument(document: XmlElement | null): void {
    const body = first(document, 'body');
    if (!body) return;
    const counters = new Map<string, number[]>();
    const visit = (node: XmlElement) => {
      for (const child of elements(node)) {
        if (SKIPPED.has(child.localName ?? '')) continue;
        if (child.localName === 'p') {
          const paragraph = this.readParagraph(child);
          paragraph.label = this.label(paragraph, counters);
          this.paragraphs.push(paragraph);
        }
        visit(child);
      }
    };
    visit(body);
  }

  private readParagraph(p: XmlElement): XmlParagraph {
    const pPr = first(p, 'pPr');
    const runs: XmlRun[] = [];
    // Bookmarks and fields (for 书签 and 交叉引用): which bookmark spans how much text, which runs are a
    // field's result. A complex field is begin, instruction, separate, result, end; a simple one wraps
    // its result.
    const bookmarks = new Map<string, number>();
    const open = new Map<string, { name: string; from: number }>();
    let length = 0;
    const fields: Array<{ instr: string; inResult: boolean; index: number }> = [];
    let simple: { instr: string; index: number } | undefined;
    const close = (id: string) => {
      const start = open.get(id);
      if (start) bookmarks.set(start.name, length - start.from);
      open.delete(id);
    };
    const collect = (node: XmlElement) => {
      for (const child of elements(node)) {
        const name = child.localName ?? '';
        // A paragraph inside this one (a text box) is read as its own.
        if (name === 'p' || SKIPPED.has(name)) continue;
        if (name === 'bookmarkStart') {
          const bookmark = attr(child, 'name');
          if (bookmark) open.set(attr(child, 'id') ?? '', { name: bookmark, from: length });
        } else if (name === 'bookmarkEnd') close(attr(child, 'id') ?? '');
        else if (name === 'fldSimple') {
          const outer = simple;
          simple = { instr: attr(child, 'instr') ?? '', index: this.fieldCount++ };
          collect(child);
          simple = outer;
        } else if (name === 'r') {
          const rPr = first(child, 'rPr');
          const fldChar = attr(first(child, 'fldChar'), 'fldCharType');
          const instr = first(child, 'instrText');
          const field = fields.at(-1);
          if (fldChar === 'begin') fields.push({ instr: '', inResult: false, index: this.fieldCount++ });
          else if (fldChar === 'separate' && field) field.inResult = true;
          else if (fldChar === 'end') fields.pop();
          else if (instr && field && !field.inResult) field.instr += instr.textContent ?? '';
          const text = runText(child);
          length += [...text].length;
          const result = field?.inResult ? { instr: field.instr, index: field.index } : simple;
          runs.push({
            text,
            styleId: attr(first(rPr, 'rStyle'), 'val'),
            props: readRunProps(rPr, this.theme),
            ...(result && text ? { field: result } : {}),
          });
        } else collect(child);
      }
    };
    collect(p);
    for (const id of [...open.keys()]) close(id);
    return {
      text: runs.map((run) => run.text).join(''),
      styleId: attr(first(pPr, 'pStyle'), 'val'),
      props: readParagraphProps(pPr),
      runs,
      ...(bookmarks.size ? { bookmarks } : {}),
      label: '',
    };
  }

  /** A style and the styles it is based on, the most basic first. */
  private chain(type: string, id: string | undefined): Style[] {
    const out: Style[] = [];
    let style = id === undefined ? undefined : this.styles.get(`${type}:${id}`);
    while (style && out.length < 32 && !out.includes(style)) {
      out.unshift(style);
      style = style.basedOn === undefined ? undefined : this.styles.get(`${type}:${style.basedOn}`);
    }
    return out;
  }

  private paragraphStyles(p: XmlParagraph): Style[] {
    return this.chain('paragraph', p.styleId ?? this.defaultParagraphStyle);
  }

  /** The paragraph's formatting after its styles and the document's defaults. */
  paragraphProps(p: XmlParagraph): ParagraphProps {
    const key = p.styleId ?? '';
    let base = this.paragraphBase.get(key);
    if (!base) {
      base = merge(this.defaults.paragraph, ...this.paragraphStyles(p).map((s) => s.paragraph));
      this.paragraphBase.set(key, base);
    }
    return merge(base, p.props);
  }

  /** A run's formatting after the document's defaults, the paragraph's style and the run's style. */
  runProps(p: XmlParagraph, run: XmlRun | undefined): RunProps {
    // A document has few pairs of paragraph and character styles and many runs: each pair resolves once.
    const key = `${p.styleId ?? ''}\u0000${run?.styleId ?? ''}`;
    let base = this.runBase.get(key);
    if (!base) {
      base = merge(
        this.defaults.run,
        ...this.paragraphStyles(p).map((s) => s.run),
        ...this.chain('character', run?.styleId).map((s) => s.run),
      );
      this.runBase.set(key, base);
    }
    return merge(base, run?.props ?? {});
  }

  /** What a run itself and its character style say, without the paragraph's style or the defaults. */
  runOwnProps(run: XmlRun | undefined): RunProps {
    return merge({}, ...this.chain('character', run?.styleId).map((s) => s.run), run?.props ?? {});
  }

  /**
   * The heading level (1–9) Word's navigation pane gives the paragraph, or 0 for body text: its own
   * outline level, else its style's name (Heading N, 标题 N, Title), else the outline level its styles set.
   */
  headingLevel(p: XmlParagraph): number {
    const own = p.props.outlineLevel;
    if (own !== undefined) return own < 9 ? own + 1 : 0;
    const styles = this.paragraphStyles(p);
    const named = headingLevelOfName(styles.at(-1)?.name ?? '');
    if (named) return named;
    const level = merge({}, ...styles.map((s) => s.paragraph)).outlineLevel;
    return level !== undefined && level < 9 ? level + 1 : 0;
  }

  /**
   * The run formatting of the style that makes headings of a level (1–3): the style the document's first
   * such heading uses, else the one named Heading N / 标题 N, else the first that sets outline level N−1;
   * with the document's defaults beneath it.
   */
  headingStyleRun(level: number): RunProps | null {
    const paragraphStyles = [...this.styles.values()].filter((s) => s.type === 'paragraph');
    // A Title paragraph is a heading 1 too, but Heading 1 is what the document's chapters use.
    const used = this.paragraphs.find(
      (p) =>
        p.props.outlineLevel === undefined &&
        p.styleId &&
        !/^(title|标题)$/i.test(this.styles.get(`paragraph:${p.styleId}`)?.name ?? '') &&
        this.headingLevel(p) === level,
    )?.styleId;
    const style =
      (used === undefined ? undefined : this.styles.get(`paragraph:${used}`)) ??
      paragraphStyles.find((s) => HEADING_NAME.test(s.name.trim()) && headingLevelOfName(s.name) === level) ??
      paragraphStyles.find(
        (s) => merge({}, ...this.chain('paragraph', s.id).map((c) => c.paragraph)).outlineLevel === level - 1,
      );
    if (!style) return null;
    return merge(this.defaults.run, ...this.chain('paragraph', style.id).map((s) => s.run));
  }

  /** The numbering level a paragraph shows, or null when it has none or it is numbered with no number. */
  numberingOf(p: XmlParagraph): NumberingLevel | null {
    const props = this.paragraphProps(p);
    if (props.numId === undefined || props.numId === '0') return null;
    const level = this.numbering.get(props.numId)?.levels.get(props.numLevel ?? 0);
    return level ?? null;
  }

  /** Whether the paragraph names a numbering whose level shows nothing (numFmt none, empty text). */
  hasInvisibleNumbering(p: XmlParagraph): boolean {
    const level = this.numberingOf(p);
    return !!level && (level.format === 'none' || level.text === '');
  }

  private label(p: XmlParagraph, counters: Map<string, number[]>): string {
    const props = this.paragraphProps(p);
    if (props.numId === undefined || props.numId === '0') return '';
    const num = this.numbering.get(props.numId);
    const levelIndex = props.numLevel ?? 0;
    const level = num?.levels.get(levelIndex);
    if (!num || !level) return '';
    const counts = counters.get(num.abstract) ?? [];
    counters.set(num.abstract, counts);
    counts[levelIndex] = (counts[levelIndex] ?? level.start - 1) + 1;
    counts.length = levelIndex + 1;
    if (level.format === 'none' || level.format === 'bullet' || !level.text) return '';
    const text = level.text.replace(/%([1-9])/g, (_, n: string) => {
      const index = Number(n) - 1;
      const of = num.levels.get(index);
      return formatCounter(
        counts[index] ?? of?.start ?? 1,
        index === levelIndex ? level.format : (of?.format ?? 'decimal'),
      );
    });
    // Word puts a tab (or a space) after the number; after 、 the text follows at once.
    return level.suffix === 'nothing' || /[、．]$/.test(text) ? text : `${text} `;
  }
}

const HEADING_NAME = /^(?:heading|标题)\s*([1-9])$/i;

/** The heading level a style's name says (Heading 1, heading 2, 标题 3, Title), or 0. */
export function headingLevelOfName(name: string): number {
  if (/^title$|^标题$/i.test(name.trim())) return 1;
  return Number(HEADING_NAME.exec(name.trim())?.[1] ?? 0);
}
