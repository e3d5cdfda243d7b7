import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { mergeConfig } from 'vite';
import { sourceResolution } from '../vite.shared.ts';

/** One Storybook for the whole tree: every package's and the app's stories, composed. */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    // Each package's introduction (install, CSS and fonts, theming, embedding), then its stories; every
    // component also gets a Docs page (autodocs, preview.tsx). The MDX pages are no tests: addon-vitest
    // leaves *.mdx out, and the screenshot test globs *.stories.tsx.
    { directory: '../packages/ui/src/docs', files: '*.mdx', titlePrefix: 'UI' },
    { directory: '../packages/editor/src/docs', files: '*.mdx', titlePrefix: 'Editor' },
    { directory: '../packages/charts/src/docs', files: '*.mdx', titlePrefix: 'Charts' },
    { directory: '../packages/api-client/docs', files: '*.mdx', titlePrefix: 'API client' },
    { directory: '../packages/ui/src', files: '**/*.stories.@(ts|tsx)', titlePrefix: 'UI' },
    { directory: '../packages/editor/src', files: '**/*.stories.@(ts|tsx)', titlePrefix: 'Editor' },
    { directory: '../packages/charts/src', files: '**/*.stories.@(ts|tsx)', titlePrefix: 'Charts' },
    { directory: '../packages/markdown/src', files: '**/*.stories.@(ts|tsx)', titlePrefix: 'Markdown' },
    { directory: '../apps/workspace/src', files: '**/*.stories.@(ts|tsx)', titlePrefix: 'Workspace' },
  ],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    '@storybook/addon-themes',
  ],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: async (viteConfig) =>
    mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      ...sourceResolution,
    }),
};
export default config;
