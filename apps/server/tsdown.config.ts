import { defineConfig } from 'tsdown';

/**
 * The runnable dist/main.js, with dist/pglite-worker.mjs (the embedded database's thread) copied beside
 * it. Workspace packages (@wanxiang/*) are bundled from their TypeScript source through the
 * `@wanxiang/source` condition, so the server needs no build of them; npm dependencies stay external and
 * load from node_modules. Migrations and the SPA are found at run time relative to the
 * built file (src/paths.ts).
 */
export default defineConfig({
  entry: { main: 'src/main.ts' },
  copy: ['src/db/pglite-worker.mjs'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outExtensions: () => ({ js: '.js' }),
  clean: true,
  sourcemap: true,
  dts: false,
  deps: { alwaysBundle: [/^@wanxiang\//] },
  inputOptions: {
    resolve: { conditionNames: ['@wanxiang/source', 'node', 'import', 'default'] },
  },
});
