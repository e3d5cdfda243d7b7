import type { SerializedEditorState } from 'lexical';
import { t } from '../../i18n/zh-CN';
import type { StylePresets } from '../../styles/presets';
import type { PdfWorkerReply, PdfWorkerRequest } from './pdfWorker';

/** A failure whose message is for the user: the worker passes on only the exporter's own (Chinese) ones. */
class PdfExportFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfExportError';
  }
}

class WorkerUnavailable extends Error {}

/** The PDF, and the LaTeX of the formulas it prints as their source (they could not be typeset). */
export interface PdfExportResult {
  pdf: Uint8Array;
  formulaFallback: string[];
}

/**
 * Exports in a worker when the browser can start one from the bundle (the app's Vite build), else on the
 * main thread, which the exporter yields every 40 ms. Either way PDFKit and the fonts load only now.
 */
export async function runPdfExport(
  state: SerializedEditorState,
  title: string,
  styles?: StylePresets,
): Promise<PdfExportResult> {
  if (typeof Worker !== 'undefined') {
    try {
      return await inWorker(state, title, styles);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  const { exportPdf, browserPdfFonts } = await import('./browserPdf');
  let formulaFallback: string[] = [];
  const pdf = await exportPdf(state, {
    fonts: browserPdfFonts,
    title,
    ...(styles ? { styles } : {}),
    onFormulas: (report) => {
      formulaFallback = report.fallback;
    },
  });
  return { pdf, formulaFallback };
}

function inWorker(
  state: SerializedEditorState,
  title: string,
  styles: StylePresets | undefined,
): Promise<PdfExportResult> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./pdfWorker.ts', import.meta.url), { type: 'module', name: 'pdf-export' });
    } catch {
      reject(new WorkerUnavailable());
      return;
    }
    worker.onmessage = ({ data }: MessageEvent<PdfWorkerReply>) => {
      if (data.kind === 'progress') return;
      worker.terminate();
      if (data.kind === 'done') resolve({ pdf: data.pdf, formulaFallback: data.formulaFallback });
      else reject(new PdfExportFailure(data.message ?? t.pdf.failed));
    };
    // The worker's script did not load or run (a bundle without it): the main thread does the work.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new WorkerUnavailable());
    };
    worker.postMessage({ state, title, ...(styles ? { styles } : {}) } satisfies PdfWorkerRequest);
  });
}
