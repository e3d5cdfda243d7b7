import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Inside the repo every package is used from its TypeScript source through this export condition, so
 * the app, Storybook and tests need no build of the packages (see docs/ARCHITECTURE.md).
 */
export const sourceCondition = ['@wanxiang/source', ...defaultClientConditions];

/**
 * The resolve settings to spread into a Vite config. vanilla-extract compiles `.css.ts` files in an SSR
 * module runner, which reads `ssr.resolve`, not `resolve`: without the condition there, a `.css.ts` file
 * would take the theme contract from @wanxiang/ui's built dist (whose custom properties carry other
 * names) as soon as a package build exists, and every style of the app would point at undefined variables.
 */
const serverResolve = {
  conditions: ['@wanxiang/source', ...defaultServerConditions],
  externalConditions: ['@wanxiang/source', ...defaultServerConditions],
};
export const sourceResolution = {
  resolve: { conditions: sourceCondition },
  ssr: { resolve: serverResolve },
  // vanilla-extract's compiler replaces `ssr` with its own, so the SSR environment is set here too.
  environments: { ssr: { resolve: serverResolve } },
};

/** Debian's Chromium: browsers are never downloaded here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--font-render-hinting=none',
];

/*
 * On a two-core machine every suite at once starves the ones that watch the clock: screenshots wait for a
 * still frame, journeys for a server answer. So a full run goes in groups (Vitest's groupOrder), lowest
 * first: unit and server tests (Node), then the stories in both themes, then their screenshots, then the
 * end-to-end journeys alone.
 */
export const TEST_GROUP = { node: 0, stories: 1, screenshots: 2, journeys: 3 } as const;
