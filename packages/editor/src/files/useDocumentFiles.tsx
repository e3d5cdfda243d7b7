import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { toast } from '@wanxiang/ui';
import type { SerializedEditorState } from 'lexical';
import { type ReactNode, useRef } from 'react';
import { isConvertError } from '../convert/errors';
import { documentToLexdoc } from '../convert/lexdoc';
import { outputFormatFor } from '../convert/registry';
import { t } from '../i18n/zh-CN';
import { insertImageFiles } from '../images/insertImage';
import { documentHasShapes } from '../shapes/formats';
import type { StylePresets } from '../styles/presets';
import { convertDocumentToFile } from './convertClient';
import { exportFileName } from './fileNames';
import { type ImportedDocument, importDocumentFile } from './importFile';
import { downloadFile } from './lexdoc';
import { formulaFallbackNotice } from './pdf/formulaNotice';
import {
  exportRoute,
  runExport,
  type ServerExporter,
  type ServerExportFormat,
  type ServerExportRequest,
} from './serverExport';

export interface DocumentFilesOptions {
  documentId: string;
  title: string;
  presets: StylePresets;
  /** A .lexdoc opened here brings its own style presets. */
  onPresetsChange(presets: StylePresets): void;
  /**
   * Stores an opened file as a new document and goes to it (the open one stays as it is). Without it, a
   * lone editor (no repository) reads the file into itself.
   */
  onOpenAsNew?(imported: ImportedDocument): Promise<void>;
  /** The host's server export: large PDFs and DOCX go there, and any export the browser fails at. */
  serverExport?: ServerExporter;
}

export interface DocumentFiles {
  /** Asks for a .lexdoc, DOCX, Markdown or text file and opens it as a new document. */
  openFile(): void;
  /** Opens a file the user already has (dropped on the paper). */
  openDocumentFile(file: File): Promise<void>;
  /** Asks for an image and inserts it at the caret. */
  chooseImage(): void;
  /** Downloads the document as a .lexdoc file. */
  saveLocal(): void;
  exportMarkdown(): void;
  exportDocx(): void;
  /** Writes the document as a PDF and downloads it; a notice shows while it takes more than half a second. */
  exportPdf(): void;
  /** The hidden file inputs the pickers use; render them once. */
  inputs: ReactNode;
}

/** How long a file operation runs before it shows that it is working (the half a second). */
export const PROGRESS_DELAY_MS = 500;

/** Runs `work`, with a progress notice if it takes longer than PROGRESS_DELAY_MS, closed when it ends. */
export async function withProgress<T>(message: string, work: () => Promise<T>): Promise<T> {
  let key: string | undefined;
  const timer = setTimeout(() => {
    key = toast.info(message, { timeout: 0 });
  }, PROGRESS_DELAY_MS);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    if (key) toast.dismiss(key);
  }
}

const messageOf = (error: unknown, fallback: string) =>
  isConvertError(error) ? error.message : error instanceof Error && error.message ? error.message : fallback;

/** The editor's file I/O: opening, saving to a local file, exporting, and choosing an image. */
export function useDocumentFiles({
  documentId,
  title,
  presets,
  onPresetsChange,
  onOpenAsNew,
  serverExport,
}: DocumentFilesOptions): DocumentFiles {
  const [editor] = useLexicalComposerContext();
  const imageInput = useRef<HTMLInputElement>(null);
  const openInput = useRef<HTMLInputElement>(null);

  const saveLocal = () => {
    const editorState = editor.getEditorState().toJSON();
    const text = documentToLexdoc({ title, docId: documentId, editorState, styles: presets });
    downloadFile(exportFileName(title, 'lexdoc'), 'application/json', text);
    toast.success(t.file.saved);
  };

  /** The document as a .lexdoc text: what the server is sent, and its size decides where export runs. */
  const lexdocOf = (editorState: SerializedEditorState) =>
    documentToLexdoc({ title, docId: documentId, editorState, styles: presets });

  /** The export on the server; its failure's message (导出失败（503）：…) is the one shown. */
  const viaServer = async (
    exporter: ServerExporter,
    format: ServerExportFormat,
    lexdoc: string,
    reason: ServerExportRequest['reason'],
  ) => {
    const label = outputFormatFor(`x.${format}`).label;
    // Where a PDF is made as a rule is no news to the user; a large document or a fallback is.
    const progress = reason === 'light' ? t.convert.exporting(label) : t.convert.exportingOnServer(label);
    const file = await withProgress(progress, () => exporter({ format, title, documentId, lexdoc, reason }));
    downloadFile(file.fileName, file.blob.type, file.blob);
    toast.success(t.convert.exported(file.fileName));
  };

  /** Runs the export where {@link exportRoute} sends it, with {@link runExport}'s fallbacks. */
  const exportWith = async (
    format: ServerExportFormat,
    inBrowser: (editorState: SerializedEditorState) => Promise<void>,
    browserFailure: (error: unknown) => string,
  ) => {
    const editorState = editor.getEditorState().toJSON();
    const lexdoc = serverExport ? lexdocOf(editorState) : '';
    const route = exportRoute(format, new TextEncoder().encode(lexdoc).length, Boolean(serverExport));
    const failed = await runExport(route, {
      onServer:
        serverExport &&
        ((reason: ServerExportRequest['reason']) => viaServer(serverExport, format, lexdoc, reason)),
      inBrowser: () => inBrowser(editorState),
      isDocumentFault: isConvertError,
    });
    if (!failed) return;
    // A malformed document is the browser converter's to explain; otherwise the server's own message
    // (导出失败（503）：…) is the one shown, with the browser's as the fallback text.
    if ('browser' in failed && (isConvertError(failed.browser) || !('server' in failed))) {
      toast.error(browserFailure(failed.browser));
    } else {
      toast.error(
        messageOf(
          failed.server,
          'browser' in failed ? browserFailure(failed.browser) : t.convert.exportFailed,
        ),
      );
    }
  };

  const exportAs = (extension: 'md' | 'docx') =>
    exportWith(
      extension,
      async (editorState) => {
        const format = outputFormatFor(`x.${extension}`);
        const content = await withProgress(t.convert.exporting(format.label), () =>
          convertDocumentToFile(extension, { title, docId: documentId, editorState, styles: presets }),
        );
        downloadFile(exportFileName(title, extension), format.mime, content);
        // Markdown has no shapes: their text was written as paragraphs, and the user is told so.
        if (extension === 'md' && documentHasShapes(editorState)) toast.info(t.shapes.markdownNotice);
      },
      (error) => messageOf(error, t.convert.exportFailed),
    );

  const exportingPdf = useRef(false);
  const exportPdf = async () => {
    if (exportingPdf.current) return;
    exportingPdf.current = true;
    try {
      await exportWith(
        'pdf',
        async (state) => {
          const { pdf, formulaFallback } = await withProgress(t.pdf.exporting, async () => {
            // PDFKit and the fonts load here, on the first export only (in a worker, or in chunks of their own).
            const { runPdfExport } = await import('./pdf/runPdfExport');
            return runPdfExport(state, title, presets);
          });
          downloadFile(exportFileName(title, 'pdf'), 'application/pdf', pdf);
          toast.success(t.pdf.exported);
          // Formulas are typeset in the PDF; one that could not be (bad LaTeX) prints as its source, and the
          // user is told which.
          if (formulaFallback.length > 0) toast.info(formulaFallbackNotice(formulaFallback));
        },
        // The failure's own text (the exporter's are Chinese), or the catalogue's (a chunk or
        // font that did not load, …).
        (error) => (error instanceof Error && error.name === 'PdfExportError' ? error.message : t.pdf.failed),
      );
    } finally {
      exportingPdf.current = false;
    }
  };

  const openDocumentFile = async (file: File) => {
    try {
      const imported = await withProgress(t.convert.opening(file.name), () => importDocumentFile(file));
      if (onOpenAsNew) {
        await onOpenAsNew(imported);
        toast.success(t.file.openedAsNew(imported.title));
        return;
      }
      const { content } = imported;
      if (content.editorState)
        editor.setEditorState(editor.parseEditorState(JSON.stringify(content.editorState)));
      if (content.styles) onPresetsChange(content.styles);
      editor.focus();
    } catch (error) {
      // The open document is untouched: a file is converted apart from it and only then stored.
      toast.error(messageOf(error, t.convert.importFailed));
    }
  };

  const onImageFile = (file: File) => {
    void insertImageFiles(editor, [file]).then((inserted) => {
      if (inserted > 0) editor.focus();
    });
  };

  const inputs = (
    <>
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onImageFile(file);
          event.target.value = '';
        }}
      />
      <input
        ref={openInput}
        type="file"
        accept=".lexdoc,.docx,.md,.markdown,.txt"
        hidden
        data-wx-open-file=""
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void openDocumentFile(file);
          event.target.value = '';
        }}
      />
    </>
  );

  return {
    openFile: () => openInput.current?.click(),
    openDocumentFile,
    chooseImage: () => imageInput.current?.click(),
    saveLocal,
    exportMarkdown: () => void exportAs('md'),
    exportDocx: () => void exportAs('docx'),
    exportPdf: () => void exportPdf(),
    inputs,
  };
}
