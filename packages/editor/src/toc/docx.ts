import {
  BuilderElement,
  FileChild,
  InternalHyperlink,
  LeaderType,
  Paragraph,
  type ParagraphChild,
  Run,
  Tab,
  TabStopType,
  TextRun,
  XmlAttributeComponent,
  XmlComponent,
} from 'docx';
import type { JsonNode } from '../convert/nodes';
import { mmToTwips, PAPERS, type PageSetup } from '../pages/pageSetup';
import {
  entriesOfJson,
  type HeadingRef,
  headingsOfJson,
  matchEntries,
  TOC_TYPE,
  type TocEntry,
} from './entries';

/*
 * A table of contents in a Word file, as Word writes its own: a content control of the "Table of Contents"
 * gallery around a TOC field (begin, instruction, separate, the entries as the field's result, end), each
 * entry a paragraph in Word's style "toc 1"–"toc 3" with a right tab and dot leader before its page number,
 * linked to a bookmark on its heading. Word and WPS show the entries as written and rebuild them with F9
 * (the headings carry Heading 1–3, which `\o "1-3"` collects).
 *
 * Written by hand rather than with docx's TableOfContents: that class orders the switches its own way
 * (`TOC \h \o "1-3" …`), and the instruction here is Word's own, ` TOC \o "1-3" \h \z \u `.
 */

/** Word's instruction for a table of headings 1–3, linked (\h), without page numbers on the web (\z), by outline level too (\u). */
export const TOC_INSTRUCTION = ' TOC \\o "1-3" \\h \\z \\u ';

/** The paragraph styles of the entries: Word's built-in names, so that Word's update restyles them alike. */
export const TOC_PARAGRAPH_STYLES = ([1, 2, 3] as const).map((level) => ({
  id: `TOC${level}`,
  name: `toc ${level}`,
  basedOn: 'Normal',
  next: 'Normal',
  paragraph: { indent: { left: (level - 1) * 420 }, spacing: { after: 100 } },
}));

class SpaceAttribute extends XmlAttributeComponent<{ space: string }> {
  protected override readonly xmlKeys = { space: 'xml:space' };
}

class InstrText extends XmlComponent {
  constructor(text: string) {
    super('w:instrText');
    this.root.push(new SpaceAttribute({ space: 'preserve' }));
    this.root.push(text);
  }
}

const fldChar = (type: 'begin' | 'separate' | 'end') =>
  new BuilderElement<{ type: string }>({
    name: 'w:fldChar',
    attributes: { type: { key: 'w:fldCharType', value: type } },
  });

/** The block-level content control around the field: Word offers 更新目录 on it. */
class TocContentControl extends FileChild {
  constructor(paragraphs: Paragraph[]) {
    super('w:sdt');
    this.root.push(
      new BuilderElement({
        name: 'w:sdtPr',
        children: [
          new BuilderElement({
            name: 'w:docPartObj',
            children: [
              new BuilderElement<{ val: string }>({
                name: 'w:docPartGallery',
                attributes: { val: { key: 'w:val', value: 'Table of Contents' } },
              }),
              new BuilderElement({ name: 'w:docPartUnique' }),
            ],
          }),
        ],
      }),
    );
    this.root.push(new BuilderElement({ name: 'w:sdtContent', children: paragraphs }));
  }
}

/** The width of the text on the page, in twips: where the page numbers' right tab stands. */
export function textWidthTwips(page: PageSetup): number {
  const paper = PAPERS[page.paper];
  const width = page.orientation === 'landscape' ? paper.heightMm : paper.widthMm;
  return Math.max(1440, mmToTwips(width - page.margins.left - page.margins.right));
}

/**
 * The bookmark each heading 1–3 gets when the document has a table of contents (Word's hidden `_Toc…`
 * names, which the importer drops), keyed by the heading's node.
 */
export function tocAnchors(blocks: readonly JsonNode[]): Map<JsonNode, string> {
  const anchors = new Map<JsonNode, string>();
  if (!blocks.some((b) => b.type === TOC_TYPE)) return anchors;
  headingsOfJson({ type: 'root', children: [...blocks] }).forEach((heading, i) => {
    anchors.set(heading.key, `_Toc${100000001 + i}`);
  });
  return anchors;
}

/** A heading's inline content inside its table-of-contents bookmark, when it has one. */
export function withTocAnchor(children: JsonNode[], anchor: string | undefined): JsonNode[] {
  return anchor ? [{ type: 'bookmark', version: 1, name: anchor, children }] : children;
}

/** The table of contents as Word's field; `anchors` from tocAnchors. */
export function tocToDocx(
  node: JsonNode,
  blocks: readonly JsonNode[],
  anchors: ReadonlyMap<JsonNode, string>,
  page: PageSetup,
): FileChild {
  const entries = entriesOfJson(node);
  const headings: HeadingRef<JsonNode>[] = headingsOfJson({ type: 'root', children: [...blocks] });
  const matched = matchEntries(entries, headings);
  const width = textWidthTwips(page);
  const begin = new Run({
    children: [fldChar('begin'), new InstrText(TOC_INSTRUCTION), fldChar('separate')],
  });
  const end = new Run({ children: [fldChar('end')] });
  const line = (entry: TocEntry, i: number): ParagraphChild[] => {
    const runs = [
      new TextRun({ text: entry.text }),
      new TextRun({ children: [new Tab()] }),
      new TextRun({ text: entry.page === undefined ? '' : String(entry.page) }),
    ];
    const heading = matched[i];
    const anchor = heading ? anchors.get(heading.key) : undefined;
    return anchor ? [new InternalHyperlink({ anchor, children: runs })] : runs;
  };
  const paragraphs = entries.map(
    (entry, i) =>
      new Paragraph({
        style: `TOC${entry.level}`,
        tabStops: [{ type: TabStopType.RIGHT, position: width, leader: LeaderType.DOT }],
        children: [
          ...(i === 0 ? [begin] : []),
          ...line(entry, i),
          ...(i === entries.length - 1 ? [end] : []),
        ],
      }),
  );
  // A table with no entries is still the field, so that Word's F9 fills it.
  if (!paragraphs.length) paragraphs.push(new Paragraph({ children: [begin, end] }));
  return new TocContentControl(paragraphs);
}
