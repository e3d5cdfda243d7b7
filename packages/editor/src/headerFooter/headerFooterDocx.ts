import { Footer, Header, PageNumber, Paragraph, TabStopType, TextRun } from 'docx';
import {
  childrenNamed,
  parseWordXml,
  R_NAMESPACE,
  type WordParts,
  wAttr,
  wChild,
  wChildren,
  type XmlElement,
} from '../convert/wordXml';
import { mmToTwips, type PageSetup, textAreaMm } from '../pages/pageSetup';
import {
  type Band,
  type HeaderFooter,
  isEmptyBand,
  NO_HEADER_FOOTER,
  PAGE_FIELD,
  PAGES_FIELD,
  SLOT_KEYS,
  type SlotKey,
  slotParts,
} from './model';

// Out.

/** A place's text as runs: its fields are Word's PAGE and NUMPAGES. */
function runs(text: string, size: number): TextRun[] {
  return slotParts(text).map((part) =>
    'field' in part
      ? new TextRun({ children: [part.field === 'page' ? PageNumber.CURRENT : PageNumber.TOTAL_PAGES], size })
      : new TextRun({ text: part.text, size }),
  );
}

/**
 * A band as one paragraph of Word's header shape: left text, a tab to a centre stop, the centre text, a
 * tab to a right stop at the text's edge, the right text. Word, WPS and LibreOffice all lay it out so.
 */
function bandParagraph(band: Band, page: PageSetup): Paragraph {
  const width = mmToTwips(textAreaMm(page).widthMm);
  const size = 21; // 五号, 10.5 pt, in half-points
  const children: TextRun[] = [...runs(band.left, size)];
  if (band.center || band.right) children.push(new TextRun({ text: '\t', size }), ...runs(band.center, size));
  if (band.right) children.push(new TextRun({ text: '\t', size }), ...runs(band.right, size));
  return new Paragraph({
    tabStops: [
      { type: TabStopType.CENTER, position: Math.round(width / 2) },
      { type: TabStopType.RIGHT, position: width },
    ],
    children,
  });
}

/**
 * What a section of the DOCX says of its headers and footers: the default ones, the first page's when
 * 首页不同 (an empty one where that band is empty, so the first page shows nothing there), and where
 * numbering starts.
 */
export function docxBands(setting: HeaderFooter, page: PageSetup) {
  const header = (band: Band) => new Header({ children: [bandParagraph(band, page)] });
  const footer = (band: Band) => new Footer({ children: [bandParagraph(band, page)] });
  const headers = {
    ...(isEmptyBand(setting.header) ? {} : { default: header(setting.header) }),
    ...(setting.differentFirst ? { first: header(setting.firstHeader) } : {}),
  };
  const footers = {
    ...(isEmptyBand(setting.footer) ? {} : { default: footer(setting.footer) }),
    ...(setting.differentFirst ? { first: footer(setting.firstFooter) } : {}),
  };
  return {
    section: { headers, footers },
    properties: { ...(setting.differentFirst ? { titlePage: true } : {}) },
    pageNumbers: setting.startAt === 1 ? undefined : { start: setting.startAt },
  };
}

// In.

/** One paragraph of a header or footer part as the reader found it: its runs' text, tabs kept, fields named. */
export interface BandLine {
  /** The text, with `\t` for a tab and {页码}/{总页数} where a PAGE or NUMPAGES field's result stood. */
  text: string;
  /** w:jc of the paragraph. */
  align?: string;
}

/**
 * A header or footer part's paragraphs as a band. One tab-separated line fills the places as Word's header
 * shape lays them out (left, centre, right; a single piece goes where the paragraph's alignment puts it);
 * more than one line is joined into the places by the same rule, line by line, with a space.
 */
export function bandOfLines(lines: readonly BandLine[]): Band {
  const band: Band = { left: '', center: '', right: '' };
  const add = (slot: SlotKey, text: string) => {
    const clean = text.trim();
    if (clean) band[slot] = band[slot] ? `${band[slot]} ${clean}` : clean;
  };
  for (const line of lines) {
    const pieces = line.text.split('\t');
    if (pieces.length === 1) {
      const slot: SlotKey =
        line.align === 'center'
          ? 'center'
          : line.align === 'right' || line.align === 'end'
            ? 'right'
            : 'left';
      add(slot, pieces[0] ?? '');
    } else {
      // Word's header: left<TAB>centre<TAB>right; more tabs are runs of the right part.
      add('left', pieces[0] ?? '');
      add('center', pieces[1] ?? '');
      add('right', pieces.slice(2).join(' '));
    }
  }
  for (const slot of SLOT_KEYS) band[slot] = [...band[slot]].slice(0, 200).join('');
  return band;
}

/**
 * The setting read back from a DOCX section: its default and first bands, whether the first page differs
 * (w:titlePg) and where numbering starts (w:pgNumType w:start). A file with no header or footer has none:
 * it does not gain the page number a new document shows.
 */
export function headerFooterFromDocx(read: {
  header?: BandLine[];
  footer?: BandLine[];
  firstHeader?: BandLine[];
  firstFooter?: BandLine[];
  titlePage: boolean;
  startAt?: number;
}): HeaderFooter {
  const band = (lines: BandLine[] | undefined) => (lines ? bandOfLines(lines) : NO_HEADER_FOOTER.header);
  return {
    header: band(read.header),
    footer: band(read.footer),
    differentFirst: read.titlePage,
    firstHeader: band(read.firstHeader),
    firstFooter: band(read.firstFooter),
    startAt:
      read.startAt !== undefined &&
      Number.isInteger(read.startAt) &&
      read.startAt >= 0 &&
      read.startAt <= 9999
        ? read.startAt
        : 1,
  };
}

/** The field a DOCX instruction (PAGE, NUMPAGES, SECTIONPAGES) stands for in a place's text, if any. */
export function fieldOfInstruction(instruction: string): string | undefined {
  const name = instruction.trim().split(/\s+/)[0]?.toUpperCase();
  if (name === 'PAGE') return PAGE_FIELD;
  if (name === 'NUMPAGES' || name === 'SECTIONPAGES') return PAGES_FIELD;
  return undefined;
}

/**
 * The lines of a header or footer part: each paragraph's text with its tabs, PAGE and NUMPAGES fields (simple
 * or complex, inside a content control or not) as {页码} and {总页数}, other fields as their result.
 */
export function bandLinesOf(root: XmlElement | null): BandLine[] {
  const lines: BandLine[] = [];
  const paragraph = (p: XmlElement) => {
    let text = '';
    // The complex fields open around the run being read: their instruction, and whether it is a number.
    const fields: Array<{ instr: string; inResult: boolean; field?: string }> = [];
    const walk = (node: XmlElement) => {
      for (const child of wChildren(node)) {
        const name = child.localName;
        if (name === 'pPr' || name === 'rPr' || name === 'p') continue;
        if (name === 'fldSimple') {
          const field = fieldOfInstruction(wAttr(child, 'instr') ?? '');
          if (field) text += field;
          else walk(child);
        } else if (name === 'r') {
          const type = wAttr(wChild(child, 'fldChar'), 'fldCharType');
          const open = fields.at(-1);
          if (type === 'begin') fields.push({ instr: '', inResult: false });
          else if (type === 'separate' && open) {
            open.inResult = true;
            open.field = fieldOfInstruction(open.instr);
            if (open.field) text += open.field;
          } else if (type === 'end') {
            const closed = fields.pop();
            // A field with no result written (Word fills it when it lays the page out).
            if (closed && !closed.inResult) text += fieldOfInstruction(closed.instr) ?? '';
          } else if (open && !open.inResult) {
            open.instr += wChild(child, 'instrText')?.textContent ?? '';
          } else if (!fields.some((f) => f.inResult && f.field)) {
            for (const part of wChildren(child)) {
              if (part.localName === 't') text += part.textContent ?? '';
              else if (part.localName === 'tab' || part.localName === 'ptab') text += '\t';
            }
          }
        } else walk(child);
      }
    };
    walk(p);
    lines.push({ text, align: wAttr(wChild(wChild(p, 'pPr'), 'jc'), 'val') });
  };
  const visit = (node: XmlElement) => {
    for (const child of wChildren(node)) {
      if (child.localName === 'p') paragraph(child);
      else visit(child);
    }
  };
  if (root) visit(root);
  return lines.filter((line) => line.text.trim() !== '');
}

/** The body section's headers, footers, first page and numbering, read from the package's parts. */
export function readDocxHeaderFooter(section: XmlElement | undefined, parts: WordParts): HeaderFooter {
  if (!section) return NO_HEADER_FOOTER;
  const targets = new Map<string, string>();
  for (const rel of childrenNamed(parseWordXml(parts.rels), 'Relationship')) {
    const id = rel.getAttribute('Id');
    const target = rel.getAttribute('Target');
    if (id && target) targets.set(id, target.replace(/^\/?word\//, '').replace(/^\.\//, ''));
  }
  const linesOf = (kind: 'header' | 'footer', type: string): BandLine[] | undefined => {
    for (const reference of wChildren(section, `${kind}Reference`)) {
      if ((wAttr(reference, 'type') ?? 'default') !== type) continue;
      const target = targets.get(reference.getAttributeNS(R_NAMESPACE, 'id') ?? '');
      const part = target ? parts.bands?.[target] : undefined;
      return part ? bandLinesOf(parseWordXml(part)) : undefined;
    }
    return undefined;
  };
  const titlePg = wChild(section, 'titlePg');
  const titleValue = wAttr(titlePg, 'val');
  const start = wAttr(wChild(section, 'pgNumType'), 'start');
  return headerFooterFromDocx({
    header: linesOf('header', 'default'),
    footer: linesOf('footer', 'default'),
    firstHeader: linesOf('header', 'first'),
    firstFooter: linesOf('footer', 'first'),
    titlePage: titlePg !== undefined && !['0', 'false', 'off'].includes(titleValue ?? ''),
    ...(start !== undefined && /^\d+$/.test(start) ? { startAt: Number(start) } : {}),
  });
}
