import { defineConfig } from 'vitest/config';
import { TEST_GROUP } from '../vite.shared';

/** End-to-end: the built app on the real server, driven in Debian's Chromium by Playwright. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // One server, one browser: journeys run one after another so they never fight over the CPU.
    fileParallelism: false,
    // Last and alone in a full run: a journey times what a user waits for.
    sequence: { groupOrder: TEST_GROUP.journeys },
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // A page that reloads fetches its data from the real server; with every other suite running beside
    // these journeys that can take more than expect.poll's default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
