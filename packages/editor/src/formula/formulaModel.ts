import type { KatexOptions } from 'katex';
import type { JsonNode } from '../convert/nodes';

/*
 * A formula (公式) as the editor keeps it: its LaTeX source and whether it is inline in the text or a
 * display formula, a centred block of its own. Pure data, shared by the node, the dialog and the converters.
 */

export const FORMULA_TYPE = 'formula';

/** The longest LaTeX a formula holds: a long equation is a few hundred characters. */
export const FORMULA_MAX = 2000;

/**
 * How every formula is typeset, on the page and in the converters alike. `trust: false` refuses \href,
 * \url, \includegraphics and \html…; maxSize and maxExpand bound what a hostile formula makes KaTeX do.
 */
export const FORMULA_KATEX_OPTIONS = {
  trust: false,
  strict: 'ignore',
  maxSize: 20,
  maxExpand: 500,
} as const satisfies KatexOptions;

/** The LaTeX a formula keeps: a string, its line ends unified, cut at FORMULA_MAX characters. */
export function boundedTex(tex: unknown): string {
  if (typeof tex !== 'string') return '';
  return [...tex.replace(/\r\n?/g, '\n')].slice(0, FORMULA_MAX).join('');
}

/** A formula in the converters' JSON (the shape FormulaNode.exportJSON writes). */
export function formulaNode(tex: string, display = false): JsonNode {
  return { type: FORMULA_TYPE, version: 1, tex: boundedTex(tex), display };
}

export const isFormulaJson = (node: JsonNode | undefined): boolean => node?.type === FORMULA_TYPE;

export const formulaTexOf = (node: JsonNode): string => boundedTex(node.tex);

/** Whether a document holds a formula anywhere. */
export function documentHasFormulas(editorState: { root: unknown } | null | undefined): boolean {
  const stack = editorState ? [editorState.root as JsonNode] : [];
  while (stack.length) {
    const node = stack.pop() as JsonNode;
    if (node.type === FORMULA_TYPE) return true;
    if (Array.isArray(node.children)) stack.push(...node.children);
  }
  return false;
}

export const isDisplayFormula = (node: JsonNode): boolean =>
  node.type === FORMULA_TYPE && node.display === true;
