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
export default defineConfig([
  {
    // The converters and the PDF export have entries of their own, so that neither PDFKit nor Node's file
    // system reaches the editor's.
    entry: {
      index: 'src/index.ts',
      convert: 'src/convert/index.ts',
      pdf: 'src/files/pdf/index.ts',
      'pdf-node': 'src/files/pdf/nodeFonts.ts',
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
