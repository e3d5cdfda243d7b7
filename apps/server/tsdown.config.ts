import { defineConfig } from 'tsdown';

/**
 * The runnable dist/main.js, dist/export-worker.js (the exports' thread) and dist/read-worker.js (the thread
 * that reads uploaded PDF and Word files), with dist/pglite-worker.mjs (the embedded database's thread) copied beside
 * it. Workspace packages (@wanxiang/*) are bundled from their TypeScript source through the
 * `@wanxiang/source` condition, so the server needs no build of them; npm dependencies stay external and
 * load from node_modules. Migrations and the SPA are found at run time relative to the
 * built file (src/paths.ts).
 */
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'export-worker': 'src/modules/exports/worker.ts',
    'read-worker': 'src/modules/chat/attachments/read-worker.ts',
  },
  copy: ['src/db/pglite-worker.mjs', 'src/db/pglite-wire.mjs'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outExtensions: () => ({ js: '.js' }),
  clean: true,
  sourcemap: true,
  dts: false,
  // The editor's converters stay a package of their own (its built dist, with its own dependencies).
  deps: { alwaysBundle: [/^@wanxiang\/(?!editor)/], neverBundle: [/^@wanxiang\/editor/] },
  inputOptions: {
    resolve: { conditionNames: ['@wanxiang/source', 'node', 'import', 'default'] },
  },
});
