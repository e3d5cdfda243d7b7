import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'charts', root: import.meta.dirname, environment: 'node', include: ['src/**/*.test.ts'] },
});
