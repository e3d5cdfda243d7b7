import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../../vite.shared';

/**
 * Unit tests of the package's logic (theme preference, tokens, toast API). They run in Chromium because
 * the theme code talks to the real localStorage, matchMedia and <html>; the components themselves are
 * tested through their stories (projects storybook-light and storybook-dark at the root).
 */
export default defineConfig({
  test: {
    name: 'ui',
    include: ['src/**/*.test.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
