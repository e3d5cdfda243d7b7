import type katexModule from 'katex';

type Katex = typeof katexModule;

/*
 * KaTeX on the page comes from @wanxiang/markdown, which loads its script, stylesheet and fonts on first use
 * and typesets through the CSSOM, so the production Content-Security-Policy needs no relaxation (its
 * MathTex.tsx says how). The editor loads that package the first time a formula shows or the formula dialog
 * opens; a document without formulas never downloads it.
 */
export interface FormulaEngine {
  katex: Katex;
  /** A fresh copy of KaTeX's HTML and MathML for `tex`, in a holder whose children go into the page. */
  render(tex: string, display: boolean): HTMLElement;
}

let engine: FormulaEngine | undefined;
let loading: Promise<FormulaEngine> | undefined;

/** The engine once loaded, else undefined (the first formula then loads it). */
export const loadedFormulaEngine = (): FormulaEngine | undefined => engine;

export function loadFormulaEngine(): Promise<FormulaEngine> {
  loading ??= import('@wanxiang/markdown')
    .then(async ({ loadKatex, renderTex }) => {
      const katex = await loadKatex();
      engine = { katex, render: (tex, display) => renderTex(katex, tex, display) };
      return engine;
    })
    .catch((error: unknown) => {
      // A failed download (offline, a new deploy) is tried again by the next formula.
      loading = undefined;
      throw error;
    });
  return loading;
}
