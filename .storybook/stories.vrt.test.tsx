/**
 * Visual regression, offline: every story of every package, rendered in light and in dark, compared with
 * the committed references next to this file (__screenshots__). Chromatic does the same job online.
 * Refresh the references deliberately with `pnpm test:vrt:update` and review the PNG diffs.
 */
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import preview from './preview';

type StoriesModule = Parameters<typeof composeStories>[0];

// As Storybook's own test setup does: the preview on top of the core annotations, which give play
// functions their `canvas` queries and reset the args' spies before each story.
setProjectAnnotations(preview);

const modules = import.meta.glob<StoriesModule>(
  ['../packages/*/src/**/*.stories.tsx', '../apps/workspace/src/**/*.stories.tsx'],
  { eager: true },
);

const themes = ['light', 'dark'] as const;

test('finds stories to compare', () => {
  // Fail closed: a broken glob must not pass as "nothing changed".
  expect(Object.keys(modules).length).toBeGreaterThan(0);
});

/**
 * Each story as it renders from its args, without its play function. The interactions are tested by the
 * storybook-light and storybook-dark projects; replayed here, those that depend on time, storage left by
 * the other theme's run, or hover timing would make the screenshots flaky rather than more telling.
 */
function withoutPlay(module: StoriesModule): StoriesModule {
  const { default: meta, ...exports } = module as Record<string, unknown>;
  // Storybook folds a `!vrt` tag away when it composes a story, so the opt-out is read here, raw.
  const compared = Object.entries(exports).filter(
    ([, story]) => !(story as { tags?: string[] } | undefined)?.tags?.includes('!vrt'),
  );
  const stripped = Object.fromEntries(
    compared.map(([name, story]) => [
      name,
      story && typeof story === 'object' && !Array.isArray(story) ? { ...story, play: undefined } : story,
    ]),
  );
  return { default: meta, ...stripped } as StoriesModule;
}

for (const [file, module] of Object.entries(modules)) {
  for (const theme of themes) {
    const stories = Object.entries(composeStories(withoutPlay(module), { initialGlobals: { theme } })).filter(
      ([, Story]) => !Story.tags.includes('!vrt'),
    );
    // A file whose stories all opt out (interaction-only stories) has nothing to compare: an empty suite
    // would fail the run.
    if (stories.length === 0) continue;
    describe(`${file.replace(/^\.\.\//, '')} · ${theme}`, () => {
      for (const [name, Story] of stories) {
        test(name, async () => {
          await Story.run();
          await document.fonts.ready;
          // A blinking caret or a focus ring is not what we compare.
          if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
          // Under a full test run the page can take more than the default 5 s to render two equal frames.
          await expect
            .element(page.elementLocator(document.body), { timeout: 30_000 })
            .toMatchScreenshot(`${Story.id}--${theme}`, { timeout: 25_000 });
        });
      }
    });
  }
}
