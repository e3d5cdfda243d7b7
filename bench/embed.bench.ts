import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
// @ts-expect-error a plain ES module script without declarations
import { setupExample } from '../examples/embed/setup.mjs';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * What another app pays to embed the packages: examples/embed built from the packed tarballs. Its first
 * page (React, @wanxiang/ui, a chart) is what a charts-only host downloads; the editor is lazy-loaded
 * (React.lazy), so its chunk is exactly what the editor adds over React and ui.
 */
export async function embedBench() {
  const dir: string = setupExample();
  try {
    const dist = path.join(dir, 'dist');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const assets = readdirSync(path.join(dist, 'assets'));
    const sum = (files: string[]) =>
      files.reduce((total, file) => total + gz(path.join(dist, 'assets', file)), 0);
    const raw = (files: string[]) =>
      files.reduce((total, file) => total + readFileSync(path.join(dist, 'assets', file)).length, 0);
    const first = (ext: string) =>
      assets.filter((file) => file.endsWith(ext) && html.includes(`/assets/${file}`));
    const lazy = (ext: string) =>
      assets.filter((file) => file.endsWith(ext) && !html.includes(`/assets/${file}`));
    return [
      ['embed: first page JS, React + ui + a chart (gzip)', kb(sum(first('.js')))],
      ['embed: first page CSS, ui + charts (gzip)', kb(sum(first('.css')))],
      ['embed: first page CSS, ui + charts (raw)', kb(raw(first('.css')))],
      ['embed: the lazy editor, JS over React and ui (gzip)', kb(sum(lazy('.js')))],
      ['embed: the lazy editor, CSS (gzip)', kb(sum(lazy('.css')))],
    ] as const;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
