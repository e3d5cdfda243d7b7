import '@wanxiang/ui/reset.css';
import '@wanxiang/ui/fonts';
import '@wanxiang/ui';
// The themes and the components' base, imported by the preview itself: `@wanxiang/ui` imports them for
// their side effects, which a production build (build-storybook) put in a chunk the preview never loads,
// leaving the built site's stories without their custom properties.
import '../packages/ui/src/theme/themes.css';
import '../packages/ui/src/theme/base.css';
import { withThemeByDataAttribute } from '@storybook/addon-themes';
import type { Preview } from '@storybook/react-vite';
import { I18nProvider } from 'react-aria-components';
import { configure } from 'storybook/test';

declare const __WX_STORY_THEME__: string | undefined;

/** Each Vitest project (storybook-light, storybook-dark) builds the stories with its own theme. */
const defaultTheme = typeof __WX_STORY_THEME__ === 'string' ? __WX_STORY_THEME__ : 'light';

document.documentElement.lang = 'zh-CN';

/*
 * waitFor and findBy* in play functions wait for their condition up to 15 s, not Testing Library's 1 s: on
 * a loaded two-core machine a state change can take longer than a second to show, and a story fails only
 * when the condition never comes (each story test may take 60 s, vitest.config.ts).
 */
configure({ asyncUtilTimeout: 15_000 });

const preview: Preview = {
  initialGlobals: { theme: defaultTheme },
  // A Docs page for every component: its JSDoc (what it is for), its props table (the props' JSDoc) and
  // every story (its states). Docs pages render the stories without their play functions.
  tags: ['autodocs'],
  parameters: {
    options: {
      storySort: {
        order: [
          'UI',
          ['Introduction', 'Foundations', '*'],
          'Editor',
          ['Introduction', '*'],
          'Charts',
          ['Introduction', '*'],
          'API client',
          'Workspace',
        ],
      },
    },
    docs: { toc: true },
    layout: 'padded',
    // An accessibility violation fails the story's test, in both themes.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
  decorators: [
    (Story) => (
      <I18nProvider locale="zh-CN">
        <Story />
      </I18nProvider>
    ),
    // The theme sits on <html>, not on the story root: overlays portal to <body> and need the tokens.
    withThemeByDataAttribute({
      themes: { light: 'light', dark: 'dark' },
      defaultTheme,
      attributeName: 'data-theme',
      parentSelector: 'html',
    }),
  ],
};
export default preview;
