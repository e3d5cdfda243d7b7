import type { ExportFormat } from '@wanxiang/api-client/contract';
import {
  type ConvertedDocument,
  documentToDocx,
  documentToMarkdown,
  exportFileName,
  isConvertError,
  lexdocToDocument,
  markdownToDocument,
} from '@wanxiang/editor/convert';
import { exportPdf, PdfExportError } from '@wanxiang/editor/pdf';
import { nodePdfFonts } from '@wanxiang/editor/pdf/node';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/**
 * The conversion of one export, a pure function of its input: run on the export worker thread (worker.ts),
 * never on the server's event loop. It uses the editor's own converters, so a file exported here is the
 * file the browser or the wanxiang-convert CLI would write.
 */

/** What the document comes as: a cloud document's stored content, a lexdoc (or snapshot), or HTML. */
export type ExportSource =
  | { kind: 'content'; content: unknown; title: string }
  | { kind: 'lexdoc'; lexdoc: unknown; title?: string }
  | { kind: 'html'; html: string; title?: string };

export interface ExportJob {
  format: ExportFormat;
  source: ExportSource;
}

export interface ProducedFile {
  fileName: string;
  mime: string;
  bytes: Uint8Array;
}

/** A failure the sender can fix (a lexdoc that is not one, empty HTML): a 400 with the converter's words. */
export class ExportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportInputError';
  }
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  md: 'text/markdown; charset=utf-8',
};

const fonts = nodePdfFonts();

async function htmlToMarkdown(html: string): Promise<string> {
  const file = await unified()
    .use(rehypeParse, { fragment: true })
    .use(rehypeRemark)
    .use(remarkGfm)
    .use(remarkStringify)
    .process(html);
  return String(file);
}

async function documentOf(source: ExportSource): Promise<ConvertedDocument> {
  try {
    switch (source.kind) {
      case 'content': {
        // A cloud document's content is the editor's stored document: read as a lexdoc, so that its style
        // presets are normalised exactly as on opening a file.
        const content = (source.content ?? {}) as {
          editorState?: { root?: unknown } | null;
          styles?: unknown;
        };
        const root = content.editorState?.root ?? {
          type: 'root',
          version: 1,
          children: [],
          direction: null,
          format: '',
          indent: 0,
        };
        return lexdocToDocument(
          JSON.stringify({
            format: 'lexdoc',
            version: 2,
            meta: { title: source.title },
            content: { root },
            ...(content.styles ? { styles: content.styles } : {}),
          }),
        );
      }
      case 'lexdoc':
        return lexdocToDocument(JSON.stringify(source.lexdoc));
      case 'html':
        return markdownToDocument(await htmlToMarkdown(source.html));
    }
  } catch (error) {
    if (isConvertError(error)) throw new ExportInputError(error.message);
    throw error;
  }
}

export async function produceExport(job: ExportJob): Promise<ProducedFile> {
  const document = await documentOf(job.source);
  const title = job.source.title?.trim() || document.title;
  const input = {
    editorState: document.editorState,
    title,
    ...(document.styles ? { styles: document.styles } : {}),
  };
  let bytes: Uint8Array;
  switch (job.format) {
    case 'pdf':
      try {
        bytes = await exportPdf(document.editorState, {
          fonts,
          title,
          ...(document.styles ? { styles: document.styles } : {}),
        });
      } catch (error) {
        if (error instanceof PdfExportError && !error.cause) throw new ExportInputError(error.message);
        throw error;
      }
      break;
    case 'docx':
      bytes = await documentToDocx(input);
      break;
    case 'md':
      bytes = new TextEncoder().encode(documentToMarkdown(input));
      break;
  }
  return { fileName: exportFileName(title, job.format), mime: EXPORT_MIME[job.format], bytes };
}
