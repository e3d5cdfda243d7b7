import { vanillaExtractPlugin } from '@vanilla-extract/rollup-plugin';
import { defineConfig } from 'tsdown';

/**
 * The publishable build: ESM, declarations and ONE stylesheet, dist/styles.css, which consumers import
 * once next to '@wanxiang/ui/styles.css'. Inside the repo nothing uses dist: Storybook, the app and the
 * tests compile the source through the `@wanxiang/source` export condition.
 *
 * Bundled per entry, like @wanxiang/ui and @wanxiang/charts, so no `*.css.js` file ships for a consumer's
 * vanilla-extract plugin to compile again; the styles read the theme contract from @wanxiang/ui's built
 * entry, so the custom-property names match '@wanxiang/ui/styles.css'.
 */
/**
 * The source starts its workers as `new Worker(new URL('./x.worker.ts', import.meta.url))`, the pattern
 * Vite (and other bundlers) build workers from; in dist the worker is the entry `x.worker.js` beside the
 * chunk, so the built code names that file. Written by hand: tsdown leaves such URLs as they are.
 */
function workerUrls() {
  const names: Record<string, string> = {
    './convert.worker.ts': './convert.worker.js',
    './pdfWorker.ts': './pdfWorker.js',
  };
  return {
    name: 'wanxiang-worker-urls',
    renderChunk(code: string) {
      let out = code;
      for (const [from, to] of Object.entries(names))
        out = out.replace(
          new RegExp(`(new URL\\(\\s*["'\`])${from.replace(/\./g, '\\.')}(["'\`])`, 'g'),
          `$1${to}$2`,
        );
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig([
  {
    // The converters and the PDF export have entries of their own, so that neither PDFKit nor Node's file
    // system reaches the editor's.
    entry: {
      index: 'src/index.ts',
      convert: 'src/convert/index.ts',
      pdf: 'src/files/pdf/index.ts',
      'pdf-node': 'src/files/pdf/nodeFonts.ts',
      // The workers, as files of their own: the host's bundler builds them from these (see workerUrls).
      'convert.worker': 'src/files/convert.worker.ts',
      pdfWorker: 'src/files/pdf/pdfWorker.ts',
    },
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    dts: true,
    sourcemap: true,
    clean: true,
    outputOptions: { assetFileNames: '[name][extname]' },
    deps: {
      // One React, one Lexical and one @wanxiang/ui for the whole app: the consumer's.
      neverBundle: [
        /^react($|\/)/,
        /^react-dom($|\/)/,
        /^@wanxiang\//,
        /^lexical$/,
        /^@lexical\//,
        /^idb$/,
        /\?url$/,
        /^node:/,
      ],
    },
    plugins: [
      workerUrls(),
      vanillaExtractPlugin({
        extract: { name: 'styles.css', sourcemap: true },
        identifiers: ({ hash }) => `wx-editor-${hash}`,
      }),
    ],
  },
  // The command-line converter (bin wanxiang-convert): Node, its dependencies from node_modules.
  {
    entry: { cli: 'src/convert/cli.ts' },
    format: 'esm',
    platform: 'node',
    target: 'node20',
    dts: false,
    clean: false,
    sourcemap: true,
  },
]);
