import notoSansRegular from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import notoSansBold from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import notoSerifRegular from '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf?url';
import notoSerifBold from '@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf?url';
import lxgwWenKaiLight from '@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-300-normal.woff?url';
import lxgwWenKaiRegular from '@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-500-normal.woff?url';
import lxgwWenKaiBold from '@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-700-normal.woff?url';
import type { PdfFonts } from './exportPdf';
import type { PdfFontFile } from './fontFiles';

/**
 * The PDF export as the browser loads it: this module, PDFKit and the fonts come only when the user
 * exports (a dynamic import from the File menu), never with the editor. The fonts are files of the app's
 * own origin (the bundler copies them from the npm packages), fetched only for the families the document
 * uses, and cached by the browser after the first export.
 */
const URLS: Record<PdfFontFile, string> = {
  'NotoSansSC-Regular': notoSansRegular,
  'NotoSansSC-Bold': notoSansBold,
  'NotoSerifSC-Regular': notoSerifRegular,
  'NotoSerifSC-Bold': notoSerifBold,
  'LXGWWenKai-Light': lxgwWenKaiLight,
  'LXGWWenKai-Regular': lxgwWenKaiRegular,
  'LXGWWenKai-Bold': lxgwWenKaiBold,
};

async function fetchFont(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.arrayBuffer();
}

export const browserPdfFonts: PdfFonts = { load: (file) => fetchFont(URLS[file]) };

export { exportPdf, PdfExportError } from './exportPdf';
