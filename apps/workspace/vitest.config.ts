import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The other packages are used from their TypeScript source (docs/ARCHITECTURE.md).
  resolve: { conditions: ['@wanxiang/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@wanxiang/source', ...defaultServerConditions] } },
  test: {
    name: 'workspace',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
