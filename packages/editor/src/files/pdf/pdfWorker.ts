import type { SerializedEditorState } from 'lexical';
import type { StylePresets } from '../../styles/presets';
import { browserPdfFonts, exportPdf } from './browserPdf';

/**
 * The PDF export off the main thread: a 100-page document takes seconds to lay out and write, and the
 * editor stays usable meanwhile. Started by runPdfExport.ts.
 */
export interface PdfWorkerRequest {
  state: SerializedEditorState;
  title: string;
  styles?: StylePresets;
}

export type PdfWorkerReply =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; pdf: Uint8Array; formulaFallback: string[] }
  | { kind: 'failed'; message: string | null };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PdfWorkerRequest>) => void) | null;
  postMessage(message: PdfWorkerReply, transfer?: Transferable[]): void;
};

scope.onmessage = async ({ data }) => {
  try {
    let formulaFallback: string[] = [];
    const pdf = await exportPdf(data.state, {
      fonts: browserPdfFonts,
      title: data.title,
      ...(data.styles ? { styles: data.styles } : {}),
      onProgress: (fraction) => scope.postMessage({ kind: 'progress', fraction }),
      onFormulas: (report) => {
        formulaFallback = report.fallback;
      },
    });
    scope.postMessage({ kind: 'done', pdf, formulaFallback }, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    // Only the exporter's own (Chinese) messages reach the user.
    scope.postMessage({
      kind: 'failed',
      message: error instanceof Error && error.name === 'PdfExportError' ? error.message : null,
    });
  }
};
