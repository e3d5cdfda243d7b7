import type { MermaidConfig } from 'mermaid';
import { type DiagramImage, drawDiagramImage } from './mermaidImage';

/*
 * The decisions around Mermaid diagrams, apart from the component: when a diagram block is complete enough
 * to draw, and the configuration every diagram is drawn with.
 */

const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * Whether the fenced block `source.slice(start, end)` has its closing fence. While an answer streams, a
 * diagram is drawn only once its block is closed: drawing every chunk would run Mermaid (tens of
 * milliseconds) per frame on a text that is invalid most of the time.
 */
export function isFenceClosed(source: string, start: number, end: number): boolean {
  const block = source.slice(start, end).replace(/\n+$/, '');
  const lines = block.split('\n');
  if (lines.length < 2) return false;
  const opening = /^ {0,3}(`{3,}|~{3,})/.exec(lines[0] as string)?.[1];
  const closing = CLOSING_FENCE.exec(lines.at(-1) as string)?.[1];
  return (
    opening !== undefined &&
    closing !== undefined &&
    closing[0] === opening[0] &&
    closing.length >= opening.length
  );
}

/**
 * Keys a diagram's own `%%{init: …}%%` directive may not change, besides Mermaid's defaults: the labels
 * stay SVG text (no HTML), and the theme stays the app's.
 */
const LOCKED_KEYS = [
  'secure',
  'securityLevel',
  'startOnLoad',
  'maxTextSize',
  'suppressErrorRendering',
  'maxEdges',
  'htmlLabels',
  'theme',
  'themeVariables',
  'themeCSS',
  'darkMode',
  'fontFamily',
];

/**
 * Labels drawn as SVG text rather than HTML, and Mermaid's own theme for the app's light or dark one.
 *
 * Security is `loose` on purpose, because of where the drawing ends up: an image of its own SVG document
 * (mermaidImage.ts), where no script runs, no link can be followed and nothing is fetched. `strict` would
 * run the finished SVG through DOMPurify, which parses it as markup in the page and so has each of its
 * style attributes refused and reported by the page's policy; its protection is for an SVG put into the
 * page, which this one never is (Mermaid's own `sandbox` level skips that pass for the same reason, but
 * draws in a frame that inherits the page's policy). Labels are still sanitized, and still text. Click
 * callbacks Mermaid binds meanwhile are on the hidden elements it measures with, removed when it is done,
 * the bindings it returns are never called, and the image drops the diagram's links.
 */
export function mermaidConfig(theme: 'light' | 'dark'): MermaidConfig {
  return {
    startOnLoad: false,
    securityLevel: 'loose',
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    theme: theme === 'dark' ? 'dark' : 'default',
    darkMode: theme === 'dark',
    suppressErrorRendering: true,
    maxTextSize: 20_000,
    maxEdges: 500,
    secure: LOCKED_KEYS,
  };
}

export type MermaidResult = { image: DiagramImage } | { error: 'invalid' | 'unavailable' };

type MermaidApi = typeof import('mermaid').default;
let mermaidPromise: Promise<MermaidApi> | undefined;
function loadMermaid(): Promise<MermaidApi> {
  mermaidPromise ??= import('mermaid').then(
    (module) => module.default,
    (error: unknown) => {
      mermaidPromise = undefined;
      throw error;
    },
  );
  return mermaidPromise;
}

/* Mermaid keeps global state while drawing, so diagrams are drawn one at a time. */
let queue: Promise<unknown> = Promise.resolve();
let drawn = 0;
/** Drawn diagrams by theme and source: a diagram scrolled back into view is not drawn again. */
const results = new Map<string, MermaidResult>();
const RESULTS_MAX = 100;

/** Draws `code` (loading Mermaid the first time), or says why it cannot be drawn. */
export function renderMermaid(code: string, theme: 'light' | 'dark'): Promise<MermaidResult> {
  const key = `${theme}\n${code}`;
  const hit = results.get(key);
  if (hit) return Promise.resolve(hit);
  const run = queue.then(async (): Promise<MermaidResult> => {
    let mermaid: MermaidApi;
    try {
      mermaid = await loadMermaid();
    } catch {
      return { error: 'unavailable' };
    }
    mermaid.initialize(mermaidConfig(theme));
    try {
      await mermaid.parse(code);
      drawn += 1;
      const image = await drawDiagramImage(`wx-mermaid-${drawn}`, code, (id, text, host) =>
        mermaid.render(id, text, host),
      );
      const result = { image };
      if (results.size >= RESULTS_MAX) results.delete(results.keys().next().value as string);
      results.set(key, result);
      return result;
    } catch {
      const result = { error: 'invalid' } as const;
      results.set(key, result);
      return result;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
