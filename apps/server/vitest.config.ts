import { defineConfig } from 'vitest/config';

/**
 * Server tests run in Node against real databases: an in-memory PGlite always, and the PostgreSQL at
 * DATABASE_URL too when it is set. A PGlite instance costs ~0.7 GB, so each file shares one and few files
 * run at once.
 */
export default defineConfig({
  resolve: { conditions: ['@wanxiang/source'] },
  ssr: { resolve: { conditions: ['@wanxiang/source'], externalConditions: ['@wanxiang/source'] } },
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
