import { userEvent as syntheticUserEvent } from 'storybook/test';

/** The part of Vitest's browser-mode API these stories use. */
interface BrowserInput {
  userEvent: {
    click(element: Element): Promise<void>;
    keyboard(text: string): Promise<void>;
  };
  cdp(): { send(method: string, params?: Record<string, unknown>): Promise<unknown> };
}

/**
 * The browser's own input when the story runs as a test (Vitest's browser mode drives Chromium through
 * Playwright): trusted pointer and key events, text inserted as an input method commits it, and an input
 * method's composition. Storybook's userEvent only dispatches events from script, which the browser never
 * turns into its own editing, so a defect in how the editor and the browser share the typing cannot show
 * with it. Outside the test runner (the Storybook UI) the synthetic events are the fallback.
 */
export interface RealInput {
  /** Whether the input is the browser's own (false: synthetic events in the Storybook UI). */
  readonly trusted: boolean;
  click(element: Element): Promise<void>;
  /** Keys as Testing Library writes them ({Enter}, {Control>}z{/Control}); characters off the keyboard (Chinese) are committed as an input method commits them. */
  keyboard(text: string): Promise<void>;
  /** An input method composing `reading` and committing `text` (real composition events); null outside the test runner. */
  compose: ((reading: string, text: string) => Promise<void>) | null;
}

export async function realInput(): Promise<RealInput> {
  const vitest = (globalThis as { __vitest_browser__?: unknown }).__vitest_browser__
    ? await import('vitest/browser').then(
        (module) => module as unknown as BrowserInput,
        () => null,
      )
    : null;
  if (!vitest) {
    return {
      trusted: false,
      click: async (element) => {
        await syntheticUserEvent.click(element);
      },
      keyboard: async (text) => {
        await syntheticUserEvent.keyboard(text);
      },
      compose: null,
    };
  }
  const { userEvent, cdp } = vitest;
  return {
    trusted: true,
    click: (element) => userEvent.click(element),
    keyboard: (text) => userEvent.keyboard(text),
    compose: async (reading, text) => {
      const session = cdp();
      // Each syllable as the input method shows it, underlined, then the chosen characters committed.
      for (let i = 1; i <= reading.length; i++) {
        await session.send('Input.imeSetComposition', {
          text: reading.slice(0, i),
          selectionStart: i,
          selectionEnd: i,
        });
      }
      await session.send('Input.insertText', { text });
    },
  };
}
