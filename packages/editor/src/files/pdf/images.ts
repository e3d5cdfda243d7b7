import { Unzlib } from 'fflate';

/** The pictures a PDF can hold as they are: PNG and JPEG, given as data URLs. */
const EMBEDDABLE = /^data:image\/(png|jpe?g);base64,/i;

function base64Bytes(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * How many pixels the pictures of one export may hold, each and in all. PDFKit decodes a PNG's pixels in
 * full (and the check below inflates them once more), so a small file that claims a huge canvas, say 410 KB
 * of zeros for 12,000 × 12,000, would cost the export over a gigabyte of memory outside the JavaScript heap,
 * where no heap limit stops it. 40 million pixels is an 8K by 5K photo, 160 MB of RGBA at most; a picture
 * past either limit is shown by its description, like one a PDF cannot hold. JPEGs are embedded as they
 * are, never decoded, so only their bytes count.
 */
export const IMAGE_LIMITS = { pixels: 40_000_000, totalPixels: 120_000_000 } as const;

/** The pixels still allowed in one export; `embeddableImage` takes from it. */
export interface ImageBudget {
  pixels: number;
}

export const newImageBudget = (): ImageBudget => ({ pixels: IMAGE_LIMITS.totalPixels });

/**
 * The picture's bytes when PDFKit can embed it within the budget, else null (the export then shows its
 * description).
 *
 * A PNG's compressed pixels are inflated once here, a slice at a time and never past the size its header
 * declares: PDFKit's PNG decoder (png-js) reports corrupt data by throwing from a zlib callback in Node,
 * which no caller can catch, so a damaged picture would take the whole process (the CLI) down instead of
 * showing as a placeholder.
 */
export function embeddableImage(src: string, budget: ImageBudget = newImageBudget()): Uint8Array | null {
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
  const pixels = soundPngPixels(bytes);
  if (pixels === null || pixels > IMAGE_LIMITS.pixels || pixels > budget.pixels) return null;
  budget.pixels -= pixels;
  return bytes;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples per pixel of each PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Compressed bytes pushed to the inflater at once: deflate expands at most ~1,032 times, so ≤ 4 MB out. */
const INFLATE_SLICE = 4096;

/** The PNG's pixel count when its structure and compressed pixels are sound and within its header's size. */
function soundPngPixels(bytes: Uint8Array): number | null {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [];
  let offset = 8;
  let header: { width: number; height: number; rowBytes: number } | undefined;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const start = offset + 8;
    if (start + length > bytes.length) return null;
    if (type === 'IHDR' && length >= 13) {
      const width = view.getUint32(start);
      const height = view.getUint32(start + 4);
      const channels = CHANNELS[bytes[start + 9] as number];
      const depth = bytes[start + 8] as number;
      if (!channels || width === 0 || height === 0) return null;
      header = { width, height, rowBytes: Math.ceil((width * channels * depth) / 8) + 1 };
    }
    if (type === 'IDAT') parts.push(bytes.subarray(start, start + length));
    if (type === 'IEND') break;
    offset = start + length + 4;
  }
  if (!header || parts.length === 0) return null;
  const pixels = header.width * header.height;
  if (pixels > IMAGE_LIMITS.pixels) return pixels;
  // An interlaced picture stores up to seven passes, each row with its filter byte: a little more.
  const most = header.rowBytes * header.height + 8 * header.height + 64;
  let inflated = 0;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    inflated += chunk.length;
    if (inflated > most) throw new RangeError('PNG pixels larger than its header says');
    if (final) ended = true;
  });
  try {
    for (const part of parts) {
      for (let at = 0; at < part.length; at += INFLATE_SLICE) {
        inflater.push(part.subarray(at, Math.min(at + INFLATE_SLICE, part.length)));
      }
    }
    inflater.push(new Uint8Array(0), true);
  } catch {
    return null;
  }
  return ended ? pixels : null;
}
