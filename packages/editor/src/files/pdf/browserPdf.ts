import regularUrl from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import type { PdfFonts } from './exportPdf';

/**
 * The PDF export as the browser loads it: this module, PDFKit and the fonts come only when the user
 * exports (a dynamic import from the File menu), never with the editor. The fonts are files of the app's
 * own origin (the bundler copies them from the npm package), cached by the browser after the first export.
 */
async function fetchFont(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.arrayBuffer();
}

export const browserPdfFonts: PdfFonts = {
  regular: () => fetchFont(regularUrl),
  bold: () => fetchFont(boldUrl),
};

export { exportPdf, PdfExportError } from './exportPdf';
