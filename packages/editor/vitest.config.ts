import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A test that reaches @wanxiang/ui (the file menu's progress notices) loads its styles too.
  plugins: [vanillaExtractPlugin()],
  // The other packages are used from their TypeScript source (docs/ARCHITECTURE.md).
  resolve: { conditions: ['@wanxiang/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@wanxiang/source', ...defaultServerConditions] } },
  test: { name: 'editor', root: import.meta.dirname, environment: 'node', include: ['src/**/*.test.ts'] },
});
