import { memo, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
 * Why KaTeX builds the formula's DOM itself (`katex.render`) instead of handing us HTML to parse: KaTeX
 * positions superscripts, limits and fraction parts with inline styles (`top: -3.06em`, strut heights).
 * Parsed from markup (renderToString and innerHTML) they are style attributes, which the page's
 * Content-Security-Policy refuses, as it should: E=mc² then loses its superscript and a fraction its
 * layout. KaTeX's DOM builder sets the same declarations through the CSSOM (`element.style.top = …`),
 * which the policy does not govern, so no relaxation of style-src is needed for maths.
 *
 * Typeset formulas by source: a streaming answer re-renders its last block every frame, and each of its
 * formulas would otherwise be typeset again each time it mounts. A hit is cloned (cloneNode copies the
 * styles already set, without parsing them from markup again). Bounded, oldest first out.
 */
const rendered = new Map<string, HTMLElement>();
const RENDERED_MAX = 500;

/**
 * Runs `build` (synchronous, so nothing else runs meanwhile) with `setAttribute('style', …)` applied
 * through the CSSOM. KaTeX sets a few styles as attributes rather than properties (the width of a tall
 * delimiter's SVG, \fcolorbox's border in MathML), which the policy would refuse like parsed markup.
 */
function withStylesThroughCssom<T>(build: () => T): T {
  const { setAttribute } = Element.prototype;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === 'style' && 'style' in this) {
      (this as HTMLElement | SVGElement).style.cssText = value;
      return;
    }
    setAttribute.call(this, name, value);
  };
  try {
    return build();
  } finally {
    Element.prototype.setAttribute = setAttribute;
  }
}

/**
 * A fresh copy of KaTeX's HTML (and MathML for screen readers) for `tex`, in a holder element whose
 * children go into the page. `trust: false` refuses `\href`, `\url`, `\htmlClass`, `\htmlId`,
 * `\htmlStyle`, `\htmlData` and `\includegraphics`, which are shown as errors instead; an invalid or
 * unfinished formula is shown in the error colour rather than thrown.
 */
export function renderTex(engine: Katex, tex: string, display: boolean): HTMLElement {
  const key = `${display ? 'D' : 'I'}${tex}`;
  let holder = rendered.get(key);
  if (holder === undefined) {
    holder = document.createElement('span');
    const target = holder;
    withStylesThroughCssom(() =>
      engine.render(tex, target, {
        displayMode: display,
        throwOnError: false,
        trust: false,
        strict: 'ignore',
        output: 'htmlAndMathml',
        // Bounds what a hostile formula can make KaTeX do (huge sizes, macro bombs).
        maxSize: 20,
        maxExpand: 500,
        errorColor: 'var(--wx-math-error)',
      }),
    );
    if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
    rendered.set(key, holder);
  }
  return holder.cloneNode(true) as HTMLElement;
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
  const target = useRef<HTMLElement>(null);
  const typeset = engine !== undefined && !pending;
  // Before paint, so that a formula never shows as an empty box for a frame.
  useLayoutEffect(() => {
    if (!typeset || !target.current) return;
    target.current.replaceChildren(...renderTex(engine, tex, display).childNodes);
  }, [typeset, engine, tex, display]);
  if (!typeset) {
    return display ? (
      <pre className={styles.mathSource}>
        <code>{tex}</code>
      </pre>
    ) : (
      <code>{tex}</code>
    );
  }
  // The formula's nodes are KaTeX's, put in by the layout effect above; React keeps the element empty.
  return display ? (
    <div
      ref={target as RefObject<HTMLDivElement>}
      className={`${styles.mathDisplay} ${styles.scrollEdges}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide formula scrolls and must be keyboard-scrollable
      tabIndex={0}
    />
  ) : (
    <span ref={target} className={styles.mathInline} />
  );
});
