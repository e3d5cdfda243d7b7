import { vanillaExtractPlugin } from '@vanilla-extract/rollup-plugin';
import { defineConfig } from 'tsdown';

/**
 * The publishable build: ESM, declarations and ONE stylesheet, dist/styles.css, which consumers import
 * once next to '@wanxiang/ui/styles.css'. Inside the repo nothing uses dist: Storybook, the app and the
 * tests compile the source through the `@wanxiang/source` export condition.
 *
 * Bundled per entry, like @wanxiang/ui, so no `*.css.js` file ships for a consumer's vanilla-extract
 * plugin to compile again. The styles read the theme contract from @wanxiang/ui's *built* entry: the
 * custom-property names then are exactly the ones in '@wanxiang/ui/styles.css' (ui builds first; pnpm
 * runs the workspace builds in dependency order).
 */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: true,
  outputOptions: { assetFileNames: '[name][extname]' },
  deps: {
    // One React and one @wanxiang/ui (its theme and overlay state) for the whole app: the consumer's.
    neverBundle: [/^react($|\/)/, /^react-dom($|\/)/, /^@wanxiang\//],
  },
  plugins: [
    vanillaExtractPlugin({
      extract: { name: 'styles.css', sourcemap: true },
      identifiers: ({ hash }) => `wx-markdown-${hash}`,
    }),
  ],
});
