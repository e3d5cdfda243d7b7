/**
 * Export through the host's server. The editor exports in the browser by
 * itself; a host that has a server may hand it an exporter, used where the browser does badly: a PDF or
 * DOCX of a large document (its pictures make the browser's PDFKit slow and memory-hungry, on a phone
 * above all), and as the fallback when the browser's own converter fails (its worker or font did not load,
 * it ran out of memory). A document the converter refuses as malformed is not sent: it would fail there
 * too.
 */

export type ServerExportFormat = 'pdf' | 'docx' | 'md';

export interface ServerExportRequest {
  format: ServerExportFormat;
  title: string;
  documentId: string;
  /** The document as a .lexdoc file's text (its style presets included). */
  lexdoc: string;
  /** Why the server is asked. */
  reason: 'large' | 'fallback';
}

/** Produces the file on the server and fetches it; throws with a message for the user when it cannot. */
export type ServerExporter = (request: ServerExportRequest) => Promise<{ blob: Blob; fileName: string }>;

/** From this size of a document (its lexdoc, pictures included) PDF and DOCX are made by the server. */
export const SERVER_EXPORT_MIN_BYTES = 2 * 1024 * 1024;

/** Where an export runs: the server for a large PDF or DOCX when there is one, else the browser. */
export function exportRoute(
  format: ServerExportFormat,
  documentBytes: number,
  hasServer: boolean,
): 'browser' | 'server' {
  return hasServer && format !== 'md' && documentBytes >= SERVER_EXPORT_MIN_BYTES ? 'server' : 'browser';
}
