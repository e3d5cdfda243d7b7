/** The .lexdoc format lives with the other converters (convert/lexdoc.ts); the download lives here. */
export { buildLexdoc, type LexdocFile, parseLexdoc } from '../convert/lexdoc';
export { decodeText } from '../convert/text';

/** Hands a file to the browser's download (the export and 保存到本地 menu items). */
export function downloadFile(name: string, type: string, content: string | Uint8Array | Blob) {
  const blob = content instanceof Blob ? content : new Blob([content as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
