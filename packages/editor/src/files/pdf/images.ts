import { unzlibSync } from 'fflate';

/** The pictures a PDF can hold as they are: PNG and JPEG, given as data URLs. */
const EMBEDDABLE = /^data:image\/(png|jpe?g);base64,/i;

function base64Bytes(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The picture's bytes when PDFKit can embed it, else null (the export then shows its description).
 *
 * A PNG's compressed pixels are inflated once here: PDFKit's PNG decoder (png-js) reports corrupt data by
 * throwing from a zlib callback in Node, which no caller can catch, so a damaged picture would take the
 * whole process (the CLI) down instead of showing as a placeholder.
 */
export function embeddableImage(src: string): Uint8Array | null {
  const match = EMBEDDABLE.exec(src);
  if (!match) return null;
  let bytes: Uint8Array;
  try {
    bytes = base64Bytes(src.slice(match[0].length));
  } catch {
    return null;
  }
  if ((match[1] as string).toLowerCase() !== 'png') {
    return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 ? bytes : null;
  }
  return isSoundPng(bytes) ? bytes : null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isSoundPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [];
  let offset = 8;
  let sawHeader = false;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const start = offset + 8;
    if (start + length > bytes.length) return false;
    if (type === 'IHDR') sawHeader = true;
    if (type === 'IDAT') parts.push(bytes.subarray(start, start + length));
    if (type === 'IEND') break;
    offset = start + length + 4;
  }
  if (!sawHeader || parts.length === 0) return false;
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  try {
    unzlibSync(data);
    return true;
  } catch {
    return false;
  }
}
