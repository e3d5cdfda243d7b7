import type { Block } from './blocks';
import type { FormulaSlot } from './mathBox';
import type { Painter } from './painter';
import type { FontKey, Style } from './styles';

/**
 * The document's formulas typeset before the layout: each slot (an inline run's, a display block's) gets its
 * box, or keeps none and prints as its LaTeX source. The maths engine (mathTypeset.ts, MathJax) is loaded
 * only when the document has a formula.
 */

/** Formulas typeset per export, at most: those after print as their source (the user is told which). */
export const MAX_TYPESET_FORMULAS = 500;

/** What became of the document's formulas: how many were typeset, and the sources of those that were not. */
export interface FormulaReport {
  typeset: number;
  fallback: string[];
}

interface Found {
  slot: FormulaSlot;
  display: boolean;
}

/** Every formula slot of the blocks, in document order (table cells included). */
export function formulaSlots(blocks: readonly Block[]): Found[] {
  const out: Found[] = [];
  const visit = (list: readonly Block[]) => {
    for (const block of list) {
      if (block.kind === 'formula') out.push({ slot: block.formula, display: true });
      else if (block.kind === 'table')
        for (const row of block.rows) for (const cell of row) visit(cell.blocks);
      else if ('runs' in block)
        for (const run of block.runs) if (run.formula) out.push({ slot: run.formula, display: false });
    }
  };
  visit(blocks);
  return out;
}

export type LoadTypesetter = () => Promise<typeof import('./mathTypeset')>;

const loadMathTypeset: LoadTypesetter = () => import('./mathTypeset');

/**
 * Typesets the blocks' formulas in place. Text in a formula that the maths fonts lack (\text{中文}) is
 * measured, and later drawn, in `face` (the paragraph's). A formula the engine refuses keeps no box.
 */
export async function typesetFormulas(
  blocks: readonly Block[],
  painter: Painter,
  face: Style['face'],
  /** The column's width in ems of a display formula's size: a tagged equation spans it. */
  displayWidthEm: number,
  load: LoadTypesetter = loadMathTypeset,
): Promise<FormulaReport> {
  const found = formulaSlots(blocks);
  const report: FormulaReport = { typeset: 0, fallback: [] };
  if (found.length === 0) return report;
  const { createTypesetter } = await load();
  const styleOf = (bold: boolean): Style => ({
    face,
    font: (bold ? 'bold' : 'regular') satisfies FontKey,
    size: 1,
    color: '#000000',
    italic: false,
    underline: false,
    strike: false,
    rise: 0,
  });
  const typeset = createTypesetter((text, bold) => painter.measure(styleOf(bold), text));
  // The same source typesets to the same box: a formula repeated is set once.
  const done = new Map<string, FormulaSlot['math'] | null>();
  for (const { slot, display } of found) {
    const key = `${display ? 'D' : 'I'}${slot.tex}`;
    let math = done.get(key);
    if (math === undefined) {
      if (done.size >= MAX_TYPESET_FORMULAS || !slot.tex.trim()) math = null;
      else {
        try {
          math = typeset(slot.tex, display, displayWidthEm);
        } catch {
          math = null;
        }
      }
      done.set(key, math);
    }
    if (math) {
      slot.math = math;
      report.typeset++;
    } else report.fallback.push(slot.tex);
  }
  return report;
}
