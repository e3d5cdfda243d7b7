import { vanillaExtractPlugin } from '@vanilla-extract/rollup-plugin';
import { defineConfig } from 'tsdown';
import { cssParts } from './cssParts';

/**
 * The publishable build: ESM, declarations, and all styles pre-extracted into ONE stylesheet,
 * dist/styles.css, which consumers import once (`import '@wanxiang/ui/styles.css'`), so they need no
 * vanilla-extract plugin of their own. Inside this repo nothing uses dist: apps, Storybook and tests
 * compile the TypeScript source through the `@wanxiang/source` export condition.
 *
 * The output is bundled per entry rather than one file per module on purpose: an unbundled build would
 * ship files named `*.css.js`, which a consumer's own vanilla-extract plugin would try to compile again.
 */
const veIdentifiers = ({ hash }: { hash: string }) => `wx-${hash}`;

export default defineConfig([
  {
    entry: { index: 'src/index.ts', fonts: 'src/fonts.ts' },
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    dts: true,
    sourcemap: true,
    clean: true,
    // The stylesheet keeps a fixed name (no hash, no assets/ folder): package.json exports it by path.
    outputOptions: { assetFileNames: '[name][extname]' },
    deps: {
      // Peers and the font files stay the consumer's: one React, one react-aria (its focus and overlay
      // managers are module singletons), and the woff2 files resolved by the consumer's bundler.
      neverBundle: [
        /^react($|\/)/,
        /^react-dom($|\/)/,
        /^react-aria-components($|\/)/,
        /^@fontsource(-variable)?\//,
      ],
    },
    plugins: [
      vanillaExtractPlugin({
        extract: { name: 'styles.css', sourcemap: true },
        // Class names carry the library's prefix, so they cannot collide with an app's own vanilla-extract
        // output or another library's (the theme's custom properties have stable names: contract.css.ts).
        identifiers: veIdentifiers,
      }),
      // The same styles in parts as well: dist/tokens.css and dist/css/<part>.css (see cssParts.ts).
      cssParts(),
    ],
    // The self-hosted font as a stylesheet, for hosts that add fonts with CSS rather than a script.
    copy: [{ from: 'src/fonts.css', to: 'dist' }],
  },
  {
    // The page's base, opt-in: a stylesheet of its own, dist/reset/reset.css (its empty script is not
    // exported). A separate build so that dist/styles.css never contains it.
    entry: { reset: 'src/theme/reset.css.ts' },
    outDir: 'dist/reset',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    dts: false,
    clean: true,
    outputOptions: { assetFileNames: '[name][extname]' },
    plugins: [vanillaExtractPlugin({ extract: { name: 'reset.css' }, identifiers: veIdentifiers })],
  },
]);
