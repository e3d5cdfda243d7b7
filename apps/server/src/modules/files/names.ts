/**
 * Names the server shows or sends as a download's name: a chat file's, a document's title, an export's.
 * Bidirectional formatting characters (the embeddings, overrides and isolates U+202A–U+202E and
 * U+2066–U+2069, the marks U+200E, U+200F and U+061C) are invisible and reorder what follows them, so
 * `invoice\u202Efdp.exe` reads as "invoiceexe.pdf": a name made to look like another file's type. A name has
 * no use for them; they are removed wherever a name comes in, and again wherever one goes out (a name
 * stored before this is cleaned on its way).
 */

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without bidirectional formatting characters. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * Content-Disposition for a download: an ASCII `filename` for old clients (every other character an
 * underscore) and the real name in RFC 5987's `filename*` (UTF-8, percent-encoded), which browsers prefer.
 * \ / : * ? " < > | and control characters become underscores; bidirectional controls are dropped.
 */
export function contentDisposition(
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  // Control characters by their code, which the linter prefers to a range of them in a pattern.
  const safe = Array.from(withoutBidiControls(fileName).replace(/[\\/:*?"<>|]/g, '_'), (c) => {
    const code = c.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f ? '_' : c;
  }).join('');
  const ascii = safe.replace(/[^\u0020-\u007e]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
