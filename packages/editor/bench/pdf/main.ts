/**
 * The page bench/pdf.bench.ts drives in Chromium: the PDF export of the 100-page Chinese document, loaded
 * the way the File menu loads it (a dynamic import of the export and its fonts, on first use).
 */
import { largeChineseDocument } from '../fixture';

const { state } = largeChineseDocument(100);

declare global {
  interface Window {
    pdfBench: {
      ready: true;
      /** Exports once: the time from the click (module and fonts included) and the file's size. */
      run(): Promise<{ ms: number; bytes: number; peakHeapBytes: number }>;
      /** The same through the File menu's path: in a worker. */
      runInWorker(): Promise<{ ms: number; bytes: number }>;
    };
  }
}

const heap = () =>
  (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;

window.pdfBench = {
  ready: true,
  async run() {
    let peak = heap();
    const sampler = setInterval(() => {
      peak = Math.max(peak, heap());
    }, 20);
    const start = performance.now();
    const { exportPdf, browserPdfFonts } = await import('../../src/files/pdf/browserPdf');
    const pdf = await exportPdf(state, {
      fonts: browserPdfFonts,
      onProgress: () => {
        peak = Math.max(peak, heap());
      },
    });
    const ms = performance.now() - start;
    clearInterval(sampler);
    return { ms, bytes: pdf.length, peakHeapBytes: Math.max(peak, heap()) };
  },
  async runInWorker() {
    const start = performance.now();
    const { runPdfExport } = await import('../../src/files/pdf/runPdfExport');
    const { pdf } = await runPdfExport(state, '基准');
    return { ms: performance.now() - start, bytes: pdf.length };
  },
};
