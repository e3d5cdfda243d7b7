import { memo, useEffect, useState } from 'react';
import * as styles from './Markdown.css';

/*
 * KaTeX (its script, stylesheet and fonts) is loaded the first time an answer shows a formula, so a chat
 * without maths never downloads it. Until it arrives the formula shows as its TeX source.
 */
type Katex = typeof import('katex').default;
let katex: Katex | undefined;
let loading: Promise<Katex> | undefined;

/*
 * The faces nearly every formula uses: text and italic letters, bold (\mathbf), symbols (\mathbb) and the
 * sizes of big operators and delimiters. KaTeX's stylesheet declares its fonts `font-display: block`, so a
 * formula typeset before its font has arrived is drawn blank and then laid out again when it does: on a
 * streaming answer, a whole-answer relayout (30–60 ms) in the middle of the stream (bench chat-browser,
 * maths). Typesetting waits for these instead, at most as long as the browser would keep the text blank.
 */
const KATEX_FACES = [
  '1em KaTeX_Main',
  'bold 1em KaTeX_Main',
  'italic 1em KaTeX_Math',
  '1em KaTeX_AMS',
  '1em KaTeX_Size1',
  '1em KaTeX_Size2',
  '1em KaTeX_Size3',
  '1em KaTeX_Size4',
];
const FONT_WAIT_MS = 3000;

function loadKatexFonts(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FONT_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    // A face that fails to load falls back to the page's serif, as KaTeX's stylesheet says.
    Promise.all(KATEX_FACES.map((face) => document.fonts.load(face))).then(done, done);
  });
}

export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    async ([module]) => {
      await loadKatexFonts();
      katex = module.default;
      return katex;
    },
    (error: unknown) => {
      // A failed download (offline, a new deploy) is tried again by the next formula.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/*
 * Rendered formulas by source: a streaming answer re-renders its last block every frame, and each of its
 * formulas would otherwise be typeset again each time. Bounded, oldest first out.
 */
const rendered = new Map<string, string>();
const RENDERED_MAX = 500;

/**
 * KaTeX's HTML (and MathML for screen readers) for `tex`. `trust: false` refuses `\href`, `\url`,
 * `\htmlClass`, `\htmlId`, `\htmlStyle`, `\htmlData` and `\includegraphics`, which are shown as errors
 * instead; an invalid or unfinished formula is shown in the error colour rather than thrown.
 */
export function renderTex(engine: Katex, tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = rendered.get(key);
  if (hit !== undefined) return hit;
  const html = engine.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    output: 'htmlAndMathml',
    // Bounds what a hostile formula can make KaTeX do (huge sizes, macro bombs).
    maxSize: 20,
    maxExpand: 500,
    errorColor: 'var(--wx-math-error)',
  });
  if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
  rendered.set(key, html);
  return html;
}

/**
 * One formula: inline in the text, or a display block that scrolls sideways when wider than the column.
 * `pending` (a display formula whose closing `$$` has not arrived) shows the source as pre-wrapped text.
 */
export const MathTex = memo(function MathTex({
  tex,
  display = false,
  pending = false,
}: {
  tex: string;
  display?: boolean;
  pending?: boolean;
}) {
  const [engine, setEngine] = useState(katex);
  useEffect(() => {
    if (engine) return;
    let live = true;
    loadKatex().then(
      (loaded) => live && setEngine(() => loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [engine]);
  if (!engine || pending) {
    return display ? (
      <pre className={styles.mathSource}>
        <code>{tex}</code>
      </pre>
    ) : (
      <code>{tex}</code>
    );
  }
  const html = renderTex(engine, tex, display);
  // KaTeX's own markup, made with `trust: false`: it escapes the formula's text and emits no links,
  // scripts or event handlers, so it is set as HTML (the way KaTeX is meant to be used).
  return display ? (
    <div
      className={`${styles.mathDisplay} ${styles.scrollEdges}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide formula scrolls and must be keyboard-scrollable
      tabIndex={0}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's output, see above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's output, see above
    <span className={styles.mathInline} dangerouslySetInnerHTML={{ __html: html }} />
  );
});
