import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
// @ts-expect-error a plain ES module script without declarations
import { setupExample } from '../examples/embed/setup.mjs';

const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * What another app pays to embed the packages: examples/embed built from the packed tarballs.
 *
 * - index.html: React, @wanxiang/ui (all of its CSS, styles.css), a chart; the editor is lazy-loaded
 *   (React.lazy), so its chunks are exactly what the editor adds over React and ui. What it loads only
 *   when a file is first opened or exported (DOCX, PDF, the converters' workers) is counted apart.
 * - charts.html: the charts alone, with ui's CSS in parts (tokens.css and the parts the charts show);
 *   beside it, what the same page paid with all of ui's CSS (styles.css), as before the parts existed.
 */
export async function embedBench() {
  const dir: string = setupExample();
  try {
    const dist = path.join(dir, 'dist');
    const assets = readdirSync(path.join(dist, 'assets'));
    const read = (file: string) => readFileSync(path.join(dist, 'assets', file));
    const sum = (files: string[], size: (bytes: Buffer) => number) =>
      files.reduce((total, file) => total + size(read(file)), 0);
    const raw = (bytes: Buffer) => bytes.length;
    const page = (name: string) => {
      const html = readFileSync(path.join(dist, name), 'utf8');
      return (ext: string) => assets.filter((file) => file.endsWith(ext) && html.includes(`/assets/${file}`));
    };
    const main = page('index.html');
    const charts = page('charts.html');
    const lazy = (ext: string) =>
      assets.filter((file) => file.endsWith(ext) && !main(ext).includes(file) && !charts(ext).includes(file));
    // What showing the editor fetches: the chunk the page imports for it (React.lazy) and the chunks that
    // one imports statically. The rest of the lazy files (DOCX and PDF code, the converters' workers) load
    // only when a file is first opened or exported.
    const scriptRefs = (file: string, pattern: RegExp) =>
      [...read(file).toString('utf8').matchAll(pattern)]
        .map((m) => m[1] ?? '')
        .filter((name) => assets.includes(name));
    // The bundler writes `from"./x.js"` and `import"./x.js"` for static imports, `import(\`./x.js\`)` for lazy ones.
    const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;
    const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g;
    const withStaticImports = (roots: string[]) => {
      const seen = new Set<string>(roots);
      for (const file of seen) for (const next of scriptRefs(file, STATIC_IMPORT)) seen.add(next);
      return seen;
    };
    const firstPage = withStaticImports(main('.js'));
    const shown = withStaticImports(
      main('.js')
        .flatMap((file) => scriptRefs(file, DYNAMIC_IMPORT))
        .filter((file) => file.startsWith('NotesEditor')),
    );
    const editorShown = [...shown].filter((file) => !firstPage.has(file));
    const onFirstUse = lazy('.js').filter((file) => !shown.has(file));
    // The charts page as it was: all of ui's CSS with the charts' own, as Vite would minify them together.
    const installed = (name: string) =>
      readFileSync(path.join(dir, 'node_modules', '@wanxiang', name, 'dist', 'styles.css'), 'utf8');
    // Vite's own CSS minifier (lightningcss, Vite's dependency), so the two figures compare alike.
    const { transform } = createRequire(import.meta.resolve('vite'))('lightningcss') as {
      transform(options: { filename: string; code: Uint8Array; minify: boolean }): { code: Uint8Array };
    };
    const whole = Buffer.from(
      transform({
        filename: 'whole.css',
        code: Buffer.from(`${installed('ui')}\n${installed('charts')}`),
        minify: true,
      }).code,
    );
    return [
      ['embed: first page JS, React + ui + a chart (gzip)', kb(sum(main('.js'), gz))],
      ['embed: first page CSS, all of ui + charts (gzip)', kb(sum(main('.css'), gz))],
      ['embed: the lazy editor, JS over React and ui (gzip)', kb(sum(editorShown, gz))],
      ['embed: loaded on first use: DOCX, PDF, the converters (gzip)', kb(sum(onFirstUse, gz))],
      ['embed: the lazy editor, CSS (gzip)', kb(sum(lazy('.css'), gz))],
      ['embed: charts-only page CSS, all of ui (styles.css) + charts (raw)', kb(whole.length)],
      ['embed: charts-only page CSS, all of ui (styles.css) + charts (gzip)', kb(gz(whole))],
      ['embed: charts-only page CSS, ui in parts + charts (raw)', kb(sum(charts('.css'), raw))],
      ['embed: charts-only page CSS, ui in parts + charts (gzip)', kb(sum(charts('.css'), gz))],
      ['embed: charts-only page JS, React + ui + charts (gzip)', kb(sum(charts('.js'), gz))],
    ] as const;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
