import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The tests that reach the styles (the diagram's measuring host) compile them.
  plugins: [vanillaExtractPlugin()],
  // @wanxiang/ui is used from its TypeScript source (docs/ARCHITECTURE.md).
  resolve: { conditions: ['@wanxiang/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@wanxiang/source', ...defaultServerConditions] } },
  test: { name: 'markdown', root: import.meta.dirname, environment: 'node', include: ['src/**/*.test.ts'] },
});
