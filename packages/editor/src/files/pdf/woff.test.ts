/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PDF_FONT_FILES } from './fontFiles';
import { unpackWoff } from './woff';

const read = (file: string) => new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(file)));

/** The sfnt's tables by tag: offset and length. */
function tables(font: Uint8Array): Map<string, { offset: number; length: number }> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const out = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(at, at + 4));
    out.set(tag, { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  return out;
}

describe('unpackWoff', () => {
  it('unpacks LXGW WenKai’s WOFF into a TrueType file whose tables are all there, inflated', async () => {
    const woff = read(PDF_FONT_FILES['LXGWWenKai-Light']);
    const font = await unpackWoff(woff);
    const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
    expect(view.getUint32(0)).toBe(0x00010000); // TrueType outlines
    const found = tables(font);
    const numTables = new DataView(woff.buffer, woff.byteOffset).getUint16(12);
    expect(found.size).toBe(numTables);
    for (const tag of ['head', 'cmap', 'glyf', 'loca', 'hmtx', 'maxp', 'name', 'OS/2', 'post'])
      expect(found.has(tag), tag).toBe(true);
    // Every table lies inside the file, 4-byte aligned, and head carries its magic number.
    for (const { offset, length } of found.values()) {
      expect(offset % 4).toBe(0);
      expect(offset + length).toBeLessThanOrEqual(font.length);
    }
    const head = found.get('head') as { offset: number };
    expect(view.getUint32(head.offset + 12)).toBe(0x5f0f3cf5);
    expect(font.length).toBeGreaterThan(woff.length);
  });

  it('gives a TrueType file back as it was', async () => {
    const ttf = read(PDF_FONT_FILES['NotoSansSC-Regular']).subarray(0, 4096);
    expect(await unpackWoff(ttf)).toBe(ttf);
  });

  it('refuses a WOFF whose tables lie outside the file', async () => {
    const woff = read(PDF_FONT_FILES['LXGWWenKai-Light']).slice(0, 2048);
    await expect(unpackWoff(woff)).rejects.toThrow(/WOFF/);
  });
});
