import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';
import { FormulaView } from './FormulaView';
import { boundedTex, FORMULA_TYPE } from './formulaModel';

export type SerializedFormulaNode = Spread<{ tex: string; display: boolean }, SerializedLexicalNode>;

function convertFormulaElement(dom: HTMLElement): DOMConversionOutput | null {
  const tex = dom.getAttribute('data-wx-formula');
  if (tex === null) return null;
  return { node: $createFormulaNode(tex, dom.getAttribute('data-wx-display') === 'true') };
}

/**
 * A formula (公式): its LaTeX source (at most FORMULA_MAX characters), typeset by KaTeX. Inline, it sits in
 * the text like a character; a display formula is a block of its own, centred. One node type for both, so
 * that switching a formula between them (the dialog's 行内 / 独立成行) changes a field and its place.
 */
export class FormulaNode extends DecoratorNode<JSX.Element> {
  __tex: string;
  __display: boolean;

  static override getType(): string {
    return FORMULA_TYPE;
  }

  static override clone(node: FormulaNode): FormulaNode {
    return new FormulaNode(node.__tex, node.__display, node.__key);
  }

  /** A saved document is untrusted: the source is bounded and the display flag read strictly. */
  static override importJSON(serialized: SerializedFormulaNode): FormulaNode {
    return $createFormulaNode(boundedTex(serialized.tex), serialized.display === true);
  }

  /** The editor's own copy (exportDOM below) pasted back is the formula again. */
  static override importDOM(): DOMConversionMap | null {
    const formula = (dom: HTMLElement) =>
      dom.hasAttribute('data-wx-formula')
        ? { conversion: convertFormulaElement, priority: 2 as const }
        : null;
    return { span: formula, div: formula };
  }

  constructor(tex: string, display = false, key?: NodeKey) {
    super(key);
    this.__tex = boundedTex(tex);
    this.__display = display;
  }

  override exportJSON(): SerializedFormulaNode {
    const self = this.getLatest();
    return {
      ...super.exportJSON(),
      type: FORMULA_TYPE,
      version: 1,
      tex: self.__tex,
      display: self.__display,
    };
  }

  /** A copy to other programs: the source between dollars, as Markdown writes it. */
  override exportDOM(): DOMExportOutput {
    const element = document.createElement(this.__display ? 'div' : 'span');
    element.setAttribute('data-wx-formula', this.__tex);
    element.setAttribute('data-wx-display', String(this.__display));
    element.textContent = this.getTextContent();
    return { element };
  }

  override createDOM(): HTMLElement {
    const element = document.createElement(this.__display ? 'div' : 'span');
    element.className = this.__display ? 'wx-ed-formula-block' : 'wx-ed-formula-host';
    return element;
  }

  override updateDOM(previous: FormulaNode): boolean {
    // A formula that changed between inline and display needs another element (div or span).
    return previous.__display !== this.__display;
  }

  override isInline(): boolean {
    return !this.getLatest().__display;
  }

  /** The arrow keys select it as a whole; Enter then opens the dialog on it (FormulaPlugin). */
  override isKeyboardSelectable(): boolean {
    return true;
  }

  /** Its text (searches, word counts, a copy as plain text): the source between dollars. */
  override getTextContent(): string {
    const self = this.getLatest();
    return self.__display ? `$$${self.__tex}$$` : `$${self.__tex}$`;
  }

  getTex(): string {
    return this.getLatest().__tex;
  }

  isDisplay(): boolean {
    return this.getLatest().__display;
  }

  setTex(tex: string): this {
    const self = this.getWritable();
    self.__tex = boundedTex(tex);
    return self;
  }

  override decorate(): JSX.Element {
    return <FormulaView nodeKey={this.__key} tex={this.__tex} display={this.__display} />;
  }
}

export function $createFormulaNode(tex: string, display = false): FormulaNode {
  return $applyNodeReplacement(new FormulaNode(tex, display));
}

export function $isFormulaNode(node: LexicalNode | null | undefined): node is FormulaNode {
  return node instanceof FormulaNode;
}
