/**
 * The DOCX converters as the package's main entry offers them: the same functions, whose libraries (docx,
 * mammoth, JSZip) load on the first call. An app that shows the editor then carries none of them until a
 * DOCX is read or written. `@wanxiang/editor/convert` (Node, workers) exports the modules themselves.
 */

import type { documentToDocx as DocumentToDocx } from './docxExport';
import type { docxToDocument as DocxToDocument } from './docxImport';
import type { checkDocxParts as CheckDocxParts } from './docxLimits';

export { DOCX_DEFAULT_FONTS, DOCX_LIMITS } from './docxConstants';

export const documentToDocx: typeof DocumentToDocx = async (...args) =>
  (await import('./docxExport')).documentToDocx(...args);

export const docxToDocument: typeof DocxToDocument = async (...args) =>
  (await import('./docxImport')).docxToDocument(...args);

export const checkDocxParts: typeof CheckDocxParts = async (...args) =>
  (await import('./docxLimits')).checkDocxParts(...args);
