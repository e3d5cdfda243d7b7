/**
 * `@wanxiang/editor/pdf`: the PDF export without the editor, for a worker or the CLI. In Node, pass the
 * fonts from `@wanxiang/editor/pdf/node` (`nodePdfFonts()`).
 */
export { exportPdf, PAGE, PdfExportError, type PdfExportOptions, type PdfFonts } from './exportPdf';
export {
  faceOfFamily,
  PDF_FACES,
  PDF_FONT_FILES,
  type PdfFace,
  type PdfFontFile,
  type PdfWeight,
} from './fontFiles';
export type { FormulaReport } from './formulas';
