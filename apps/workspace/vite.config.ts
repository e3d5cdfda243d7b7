import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceResolution } from '../../vite.shared';
import { precompress } from './precompress';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), precompress()],
  ...sourceResolution,
  // Nothing is inlined as a data: URL: the CSP allows fonts and images from the app's own origin only, and
  // the font's many unicode-range slices would bloat the CSS every page loads.
  build: {
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
  },
  // Workers as ES modules (they are started with type: 'module'), so that their dynamic imports stay chunks
  // of their own: the PDF worker loads the maths typesetter only for a document with formulas.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:8000', changeOrigin: false } },
  },
});
