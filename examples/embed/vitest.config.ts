import { defineConfig } from 'vitest/config';
import { TEST_GROUP } from '../../vite.shared';

/**
 * The embedding example: the packed packages installed into another Vite app, built, and driven in
 * Debian's Chromium. It runs with the journeys (last, alone): it is one too, for another team's app.
 */
export default defineConfig({
  test: {
    name: 'embed',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    fileParallelism: false,
    sequence: { groupOrder: TEST_GROUP.journeys },
    testTimeout: 60_000,
    // Building three packages, installing and building the app take two minutes on a loaded 2-core machine.
    hookTimeout: 600_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
