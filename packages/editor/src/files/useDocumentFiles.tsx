import { $convertToMarkdownString, TRANSFORMERS } from '@lexical/markdown';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { toast } from '@wanxiang/ui';
import { type ReactNode, useRef } from 'react';
import { t } from '../i18n/zh-CN';
import { insertImageFiles } from '../images/insertImage';
import type { StylePresets } from '../styles/presets';
import { exportFileName, UnsupportedFileError } from './fileNames';
import { ComingSoonFileError, type ImportedDocument, importDocumentFile } from './importFile';
import { buildLexdoc, downloadFile } from './lexdoc';

/** A notice shows for an export that takes longer than this. */
const PROGRESS_DELAY_MS = 500;

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
}

export interface DocumentFiles {
  /** Asks for a .lexdoc, Markdown or text file and opens it as a new document. */
  openFile(): void;
  /** Asks for an image and inserts it at the caret. */
  chooseImage(): void;
  /** Downloads the document as a .lexdoc file. */
  saveLocal(): void;
  exportMarkdown(): void;
  /** Writes the document as a PDF and downloads it; a notice shows while it takes more than half a second. */
  exportPdf(): void;
  /** The hidden file inputs the pickers use; render them once. */
  inputs: ReactNode;
}

/** The editor's file I/O: opening, saving to a local file, exporting, and choosing an image. */
export function useDocumentFiles({
  documentId,
  title,
  presets,
  onPresetsChange,
  onOpenAsNew,
}: DocumentFilesOptions): DocumentFiles {
  const [editor] = useLexicalComposerContext();
  const imageInput = useRef<HTMLInputElement>(null);
  const openInput = useRef<HTMLInputElement>(null);

  const saveLocal = () => {
    const state = editor.getEditorState();
    const file = buildLexdoc({ title, docId: documentId, editorState: state.toJSON(), styles: presets });
    downloadFile(exportFileName(title, 'lexdoc'), 'application/json', JSON.stringify(file));
    toast.success(t.file.saved);
  };

  const exportMarkdown = () => {
    const markdown = editor.getEditorState().read(() => $convertToMarkdownString(TRANSFORMERS));
    downloadFile(exportFileName(title, 'md'), 'text/markdown;charset=utf-8', markdown);
  };

  const exporting = useRef(false);
  const exportPdf = async () => {
    if (exporting.current) return;
    exporting.current = true;
    const state = editor.getEditorState().toJSON();
    let notice: string | null = null;
    const slow = setTimeout(() => {
      notice = toast.info(t.pdf.exporting, { timeout: 0 });
    }, PROGRESS_DELAY_MS);
    try {
      // PDFKit and the fonts load here, on the first export only (in a worker, or in chunks of their own).
      const { runPdfExport } = await import('./pdf/runPdfExport');
      const pdf = await runPdfExport(state, title);
      downloadFile(exportFileName(title, 'pdf'), 'application/pdf', pdf);
      toast.success(t.pdf.exported);
    } catch (error) {
      // Spec 01 §8: the failure's own text (the exporter's are Chinese), or the catalogue's (a chunk or
      // font that did not load, …).
      toast.error(error instanceof Error && error.name === 'PdfExportError' ? error.message : t.pdf.failed);
    } finally {
      clearTimeout(slow);
      if (notice) toast.dismiss(notice);
      exporting.current = false;
    }
  };

  const openFile = async (file: File) => {
    try {
      const imported = await importDocumentFile(file);
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
      if (error instanceof ComingSoonFileError) {
        toast.info(t.comingSoon);
        return;
      }
      toast.error(
        error instanceof UnsupportedFileError || error instanceof Error ? error.message : String(error),
      );
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
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void openFile(file);
          event.target.value = '';
        }}
      />
    </>
  );

  return {
    openFile: () => openInput.current?.click(),
    chooseImage: () => imageInput.current?.click(),
    saveLocal,
    exportMarkdown,
    exportPdf: () => void exportPdf(),
    inputs,
  };
}
