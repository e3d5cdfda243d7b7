/**
 * Export through the host's server. The editor exports in the browser by itself; a host that has a server
 * may hand it an exporter, used where the browser does badly: every PDF (the browser would first download
 * some 20 MiB of Chinese fonts, which the server has on its disk; the user then downloads only the file),
 * a DOCX of a large document (its pictures make the browser slow and memory-hungry, on a phone above all),
 * and as the fallback when the browser's own converter fails (its worker or font did not load, it ran out
 * of memory). A PDF the server cannot make (it is down, the user's storage is full) is made in the browser
 * instead. A document the converter refuses as malformed is not sent: it would fail there too.
 */

export type ServerExportFormat = 'pdf' | 'docx' | 'md';

export interface ServerExportRequest {
  format: ServerExportFormat;
  title: string;
  documentId: string;
  /** The document as a .lexdoc file's text (its style presets included). */
  lexdoc: string;
  /**
   * Why the server is asked: a PDF spares the browser the fonts (`light`), a large document its memory
   * (`large`), or the browser's converter failed (`fallback`).
   */
  reason: 'light' | 'large' | 'fallback';
}

/** Produces the file on the server and fetches it; throws with a message for the user when it cannot. */
export type ServerExporter = (request: ServerExportRequest) => Promise<{ blob: Blob; fileName: string }>;

/** From this size of a document (its lexdoc, pictures included) PDF and DOCX are made by the server. */
export const SERVER_EXPORT_MIN_BYTES = 2 * 1024 * 1024;

/**
 * Where an export runs, and why: with a server, every PDF and a large DOCX go there; the rest, and
 * everything when there is no server, in the browser.
 */
export function exportRoute(
  format: ServerExportFormat,
  documentBytes: number,
  hasServer: boolean,
): { where: 'browser' } | { where: 'server'; reason: 'light' | 'large' } {
  if (!hasServer || format === 'md') return { where: 'browser' };
  if (documentBytes >= SERVER_EXPORT_MIN_BYTES) return { where: 'server', reason: 'large' };
  return format === 'pdf' ? { where: 'server', reason: 'light' } : { where: 'browser' };
}

/** The ways to make an export's file, for {@link runExport}; each throws when it cannot. */
export interface ExportWays {
  /** Absent when the host has no server. */
  onServer?: ((reason: ServerExportRequest['reason']) => Promise<void>) | undefined;
  inBrowser: () => Promise<void>;
  /** The browser converter refused the document as malformed: the server would refuse it too. */
  isDocumentFault: (error: unknown) => boolean;
}

/** Why no way made the file: the failure of each way tried. */
export interface ExportFailures {
  server?: unknown;
  browser?: unknown;
}

/**
 * Runs an export where `route` sends it, falling back once: a PDF the server cannot make lightly is made in
 * the browser (a large document has no browser to fall back on: it is why the server was asked), and a
 * browser converter that fails for a reason of its own hands the document to the server. Resolves with
 * null when the file was made, or with the failures.
 */
export async function runExport(
  route: ReturnType<typeof exportRoute>,
  ways: ExportWays,
): Promise<ExportFailures | null> {
  const failed: ExportFailures = {};
  // Each way records its failure and says whether it made the file.
  const made = async (way: 'server' | 'browser', run: () => Promise<void>) => {
    try {
      await run();
      return true;
    } catch (error) {
      failed[way] = error;
      return false;
    }
  };
  const { onServer, inBrowser, isDocumentFault } = ways;
  if (onServer && route.where === 'server') {
    if (await made('server', () => onServer(route.reason))) return null;
    if (route.reason === 'light' && (await made('browser', inBrowser))) return null;
  } else {
    if (await made('browser', inBrowser)) return null;
    const mayFallBack = onServer && !isDocumentFault(failed.browser);
    if (mayFallBack && (await made('server', () => onServer('fallback')))) return null;
  }
  return failed;
}
