import type { SerializedEditorState } from 'lexical';
import { fillPageReferences, hasPageReferences } from '../../bookmarks/pdf';
import {
  bandsOfPage,
  fillSlot,
  type HeaderFooter,
  headerFooterOf,
  SLOT_KEYS,
} from '../../headerFooter/model';
import { t } from '../../i18n/zh-CN';
import { pageGeometryPt, pageSetupOf } from '../../pages/pageSetup';
import { DEFAULT_STYLE_PRESETS, normalizeStylePresets, type StylePresets } from '../../styles/presets';
import { fillTocPages, pagesOfBlocks } from '../../toc/pdf';
import { type Block, blocksOf } from './blocks';
import type { PdfFontFile } from './fontFiles';
import { type FormulaReport, typesetFormulas } from './formulas';
import { Layout } from './layout';
import { Flow, headingsAwaiting, type Item, type PageGeometry, paintedPages } from './pagination';
import { openPdfDocument } from './painter';
import { baseStyle, bodyFace, fontsUsed, MUTED, NOTE_PT, presetStyle } from './styles';
import { unpackWoff } from './woff';

/**
 * The document as a PDF on its own paper and margins (页面设置), with its page breaks and page numbers,
 * Chinese text in embedded subsets of a face for each family (宋体 a serif, 黑体 a sans, 楷体 and 仿宋 a kai; fontFiles.ts), selectable and searchable; bold in
 * the face's bold weight; italic slanted, Chinese too, as Word, WPS and the browser show it (no Chinese
 * face has an italic); justified and distributed (分散对齐) lines spaced out between characters; headings,
 * lists, tables, pictures, code, formulas as vector outlines (formulas.ts), footnotes at the foot of their page; each block in its style preset. A pure function of the serialized editor state: no DOM, no editor, so it runs in
 * the browser (main thread or worker) and in Node (the CLI).
 *
 * PDFKit writes the file: it subsets CJK TrueType and CFF fonts with fontkit and writes a ToUnicode map,
 * so the text can be selected and searched; the layout (lines, pages, tables, footnotes) is ours, because
 * PDFKit's text flow breaks lines per call and has no footnotes. The parts: blocks.ts reads the document,
 * styles.ts gives the looks, lineBreaking.ts breaks lines, layout.ts and tables.ts make flow items,
 * pagination.ts places them on pages, painter.ts is all that calls PDFKit. This module runs them in order.
 */

export interface PdfFonts {
  /**
   * A font file of PDF_FACES (fontFiles.ts) as bytes: TrueType, OpenType or WOFF. Asked only for the files
   * the document's text is set in.
   */
  load(file: PdfFontFile): Promise<Uint8Array | ArrayBuffer>;
}

export interface PdfExportOptions {
  fonts: PdfFonts;
  /** The PDF's title (its metadata); the file name is the caller's. */
  title?: string;
  /** The document's style presets: fonts, sizes, colours, spacing of each kind of block. */
  styles?: StylePresets;
  /** Called with 0…1 as the pages are laid out. */
  onProgress?(fraction: number): void;
  /**
   * Called once the formulas are typeset (only for a document that has some): how many were, and the
   * LaTeX of those printed as their source instead (bad LaTeX, or past the per-document limit).
   */
  onFormulas?(report: FormulaReport): void;
}

/** A failed export, with the message the user is shown (the cause kept). */
export class PdfExportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfExportError';
  }
}

export { PAGE } from './pagination';

const toBytes = (data: Uint8Array | ArrayBuffer) =>
  data instanceof Uint8Array ? data : new Uint8Array(data);

const YIELD_EVERY_MS = 40;
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function exportPdf(
  state: SerializedEditorState,
  options: PdfExportOptions,
): Promise<Uint8Array> {
  let blocks: Block[];
  try {
    blocks = blocksOf(state);
  } catch (error) {
    throw new PdfExportError(error instanceof Error ? error.message : t.pdf.failed, { cause: error });
  }
  const presets = options.styles ? normalizeStylePresets(options.styles) : DEFAULT_STYLE_PRESETS;
  const fonts = new Map<PdfFontFile, Uint8Array>();
  try {
    const files = [...fontsUsed(blocks, presets)];
    const loaded = await Promise.all(files.map((file) => options.fonts.load(file)));
    const unpacked = await Promise.all(loaded.map((bytes) => unpackWoff(toBytes(bytes))));
    for (const [i, file] of files.entries()) fonts.set(file, unpacked[i] as Uint8Array);
  } catch (error) {
    throw new PdfExportError(t.pdf.fontFailed, { cause: error });
  }
  try {
    return await render(
      blocks,
      fonts,
      presets,
      options,
      pageGeometryPt(pageSetupOf(state)),
      headerFooterOf(state),
    );
  } catch (error) {
    // PDFKit's own messages are English and technical: the user gets the catalogue's text, the cause is kept.
    throw new PdfExportError(t.pdf.failed, { cause: error });
  }
}

async function render(
  blocks: Block[],
  fonts: ReadonlyMap<PdfFontFile, Uint8Array>,
  presets: StylePresets,
  options: PdfExportOptions,
  page: PageGeometry,
  bands: HeaderFooter,
): Promise<Uint8Array> {
  const { painter, finish } = openPdfDocument(
    page,
    { ...(options.title ? { title: options.title } : {}) },
    fonts,
  );
  // Formulas become vector outlines before the layout measures them; the maths engine loads only now.
  const face = bodyFace(presets);
  painter.mathFace = face;
  const contentWidth = page.width - page.left - page.right;
  const displayEm = contentWidth / presetStyle(presets.paragraph).size;
  const formulas = await typesetFormulas(blocks, painter, face, displayEm);
  if (formulas.typeset + formulas.fallback.length > 0) options.onFormulas?.(formulas);
  // A picture is at most a page's text area high, less a little room.
  const maxItemHeight = Math.max(24, page.height - page.top - page.bottom - 24);
  const layout = new Layout(painter, presets, { contentWidth, maxItemHeight });
  // A table of contents shows the pages its headings land on, a page reference its bookmark's: a first
  // layout, drawing nothing, finds them. A page reference's new number may change its line's width, so
  // the layout is repeated (a few times at most) until the numbers stay put.
  const references = hasPageReferences(blocks);
  if (references || blocks.some((block) => block.kind === 'toc')) {
    for (let pass = 0; pass < 3; pass++) {
      // A fresh layout each pass: a layout counts the footnotes it has numbered.
      const dry = new Layout(painter, presets, { contentWidth, maxItemHeight });
      const pages = pagesOfBlocks(blocks, (block) => dry.blockItems(block, contentWidth), page);
      fillTocPages(blocks, pages);
      if (!references || !fillPageReferences(blocks, pages)) break;
    }
  }
  const flow = new Flow(paintedPages(painter, page), page);

  const total = blocks.length;
  let lastYield = performance.now();
  let pending: Item[] = [];
  for (let i = 0; i < total; i++) {
    const block = blocks[i] as Block;
    const items = layout.blockItems(block, contentWidth);
    if ('breakBefore' in block && block.breakBefore && items[0]) items[0].breakBefore = true;
    pending.push(...items);
    // Items are placed once the next block is laid out, so that a heading can keep with what follows it.
    const keep = i < total - 1 ? 1 + headingsAwaiting(pending) : 0;
    while (pending.length > keep) {
      const item = pending.shift() as Item;
      flow.place(item, pending[0], pending.slice(1));
    }
    // On the browser's main thread the page stays responsive (and the progress notice painted): the
    // layout lets the event loop run every few dozen milliseconds.
    if (performance.now() - lastYield > YIELD_EVERY_MS) {
      options.onProgress?.((i + 1) / total);
      await yieldToEventLoop();
      lastYield = performance.now();
    }
  }
  for (let i = 0; i < pending.length; i++)
    flow.place(pending[i] as Item, pending[i + 1], pending.slice(i + 2));
  pending = [];
  flow.end();

  // Headers and footers (页眉和页脚, 页码), now that the count of pages is known: each place's line in the
  // middle of its margin, as the page view's sheets and print show it.
  const { doc } = painter;
  const range = doc.bufferedPageRange();
  const bandStyle = { ...baseStyle(NOTE_PT, bodyFace(presets)), color: MUTED };
  const drop = NOTE_PT * 0.35;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const { header, footer } = bandsOfPage(bands, i);
    for (const [band, baseline] of [
      [header, page.top / 2 + drop],
      [footer, page.height - page.bottom / 2 + drop],
    ] as const) {
      for (const slot of SLOT_KEYS) {
        const text = fillSlot(band[slot], bands, i, range.count);
        if (!text.trim()) continue;
        const w = painter.measure(bandStyle, text);
        const x =
          slot === 'left' ? page.left : slot === 'right' ? page.width - page.right - w : (page.width - w) / 2;
        painter.label(text, x, baseline, bandStyle);
      }
    }
  }
  const pdf = await finish();
  options.onProgress?.(1);
  return pdf;
}
