import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { embeddableImage, IMAGE_LIMITS } from './images';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A grey PNG of `width` × `height` whose compressed pixels are `pixels`. */
function pngOf(width: number, height: number, pixels: Buffer): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // grey
  const file = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${file.toString('base64')}`;
}

/** A grey PNG whose compressed pixels unpack to `rows` rows (the honest size by default). */
const png = (width: number, height: number, rows = height) =>
  pngOf(width, height, deflateSync(Buffer.alloc(rows * (width + 1)), { level: 9 }));

describe('embeddableImage', () => {
  it('embeds a sound PNG and takes its pixels from the export’s budget', () => {
    const budget = { pixels: 1000 };
    expect(embeddableImage(png(20, 20), budget)).toBeInstanceOf(Uint8Array);
    expect(budget.pixels).toBe(600);
  });

  it('refuses a small file that claims a canvas past the limit, without unpacking it', () => {
    const side = Math.ceil(Math.sqrt(IMAGE_LIMITS.pixels)) + 1;
    // A few hundred kilobytes that would unpack to gigabytes: only its header is read.
    const bomb = png(side * 4, side * 4, 1);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(embeddableImage(bomb)).toBeNull();
  });

  it('refuses pixels that unpack past the size the header declares', () => {
    expect(embeddableImage(png(100, 10, 4000))).toBeNull();
  });

  it('shows the pictures past the export’s budget by their description', () => {
    const budget = { pixels: 1000 };
    expect(embeddableImage(png(20, 20), budget)).not.toBeNull();
    expect(embeddableImage(png(20, 20), budget)).not.toBeNull();
    expect(embeddableImage(png(20, 20), budget)).toBeNull();
    expect(budget.pixels).toBe(200);
  });

  it('refuses a PNG whose pixels end early', () => {
    const pixels = deflateSync(Buffer.alloc(50 * 51));
    expect(embeddableImage(pngOf(50, 50, pixels))).not.toBeNull();
    expect(embeddableImage(pngOf(50, 50, pixels.subarray(0, pixels.length - 6)))).toBeNull();
  });
});
