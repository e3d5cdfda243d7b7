import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';
import { FootnoteMarker } from './FootnoteMarker';

export type SerializedFootnoteNode = Spread<{ id: string; text: string }, SerializedLexicalNode>;

/**
 * A footnote (注释) anchored in the text. The node holds the note's id and text; its number is not
 * stored, it follows from the marker's vertical position and is shown by FootnoteMarker.
 */
export class FootnoteNode extends DecoratorNode<JSX.Element> {
  __id: string;
  __text: string;

  static override getType(): string {
    return 'footnote';
  }

  static override clone(node: FootnoteNode): FootnoteNode {
    return new FootnoteNode(node.__id, node.__text, node.__key);
  }

  static override importJSON(serialized: SerializedFootnoteNode): FootnoteNode {
    return $createFootnoteNode(serialized.id, serialized.text);
  }

  constructor(id: string, text: string, key?: NodeKey) {
    super(key);
    this.__id = id;
    this.__text = text;
  }

  override exportJSON(): SerializedFootnoteNode {
    return { ...super.exportJSON(), type: 'footnote', version: 1, id: this.__id, text: this.__text };
  }

  override exportDOM(): DOMExportOutput {
    const sup = document.createElement('sup');
    sup.dataset.footnoteId = this.__id;
    sup.title = this.__text;
    sup.textContent = '*';
    return { element: sup };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'wx-ed-footnote';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  override isKeyboardSelectable(): boolean {
    return false;
  }

  getId(): string {
    return this.getLatest().__id;
  }

  getText(): string {
    return this.getLatest().__text;
  }

  setText(text: string): this {
    const self = this.getWritable();
    self.__text = text;
    return self;
  }

  override getTextContent(): string {
    return '';
  }

  override decorate(): JSX.Element {
    return <FootnoteMarker id={this.__id} />;
  }
}

export function $createFootnoteNode(id: string, text = ''): FootnoteNode {
  return $applyNodeReplacement(new FootnoteNode(id, text));
}

export function $isFootnoteNode(node: LexicalNode | null | undefined): node is FootnoteNode {
  return node instanceof FootnoteNode;
}
