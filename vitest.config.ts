import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { chromiumArgs, chromiumPath, sourceResolution, TEST_GROUP } from './vite.shared';

const root = path.dirname(fileURLToPath(import.meta.url));

const browser = (viewport = { width: 1280, height: 800 }) => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
  instances: [{ browser: 'chromium' as const, viewport }],
});

/** Stories run as browser tests once per theme, so axe checks contrast in light and in dark. */
const storybookProject = (theme: 'light' | 'dark'): TestProjectInlineConfiguration => ({
  extends: true,
  plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
  define: { __WX_STORY_THEME__: JSON.stringify(theme) },
  test: {
    name: `storybook-${theme}`,
    browser: browser(),
    sequence: { groupOrder: TEST_GROUP.stories },
    // A story waits for what its play function needs; on a loaded two-core machine a chart page's render
    // and axe scan took 19 s, past Vitest's default 15 s for browser tests.
    testTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  ...sourceResolution,
  // Dependencies that Vite's scan of the story files misses (imported by Storybook's own setup). Found
  // late, they make Vite re-bundle and reload the page mid-run, which fails every story file of a fresh
  // clone with "Failed to fetch dynamically imported module".
  optimizeDeps: {
    include: [
      '@storybook/addon-themes',
      'react/jsx-dev-runtime',
      // Injected by vanilla-extract's transform into @wanxiang/ui, which is what depends on it.
      '@wanxiang/ui > @vanilla-extract/recipes/createRuntimeFn',
    ],
  },
  test: {
    reporters: ['default', './scripts/vitest-require-tests.ts'],
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      storybookProject('light'),
      storybookProject('dark'),
      {
        extends: true,
        test: {
          name: 'vrt',
          include: ['.storybook/**/*.vrt.test.tsx'],
          sequence: { groupOrder: TEST_GROUP.screenshots },
          // A screenshot may wait up to 25 s for two equal frames when every suite runs at once.
          testTimeout: 60_000,
          browser: {
            ...browser({ width: 1024, height: 720 }),
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.01 },
              },
            },
          },
        },
      },
      // Its groupOrder (TEST_GROUP.journeys) is set in its own config, which the e2e command line also uses.
      'e2e/vitest.config.ts',
      // Another app built from the packed packages (examples/embed).
      'examples/*/vitest.config.ts',
    ],
  },
});
