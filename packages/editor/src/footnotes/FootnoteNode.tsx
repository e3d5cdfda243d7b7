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
import type { NoteKind } from './numbering';

/** `kind` is written for endnotes only: a note saved before endnotes existed is a footnote. */
export type SerializedFootnoteNode = Spread<
  { id: string; text: string; kind?: NoteKind },
  SerializedLexicalNode
>;

/**
 * A footnote (注释) or an endnote (尾注) anchored in the text. The node holds the note's id, text and kind;
 * its number is not stored, it follows from the marker's vertical position among the notes of its kind and
 * is shown by FootnoteMarker in the kind's number style. One node type for both kinds: converting a note
 * to the other kind changes a field, and every place that handles notes handles both.
 */
export class FootnoteNode extends DecoratorNode<JSX.Element> {
  __id: string;
  __text: string;
  __kind: NoteKind;

  static override getType(): string {
    return 'footnote';
  }

  static override clone(node: FootnoteNode): FootnoteNode {
    return new FootnoteNode(node.__id, node.__text, node.__kind, node.__key);
  }

  static override importJSON(serialized: SerializedFootnoteNode): FootnoteNode {
    return $createFootnoteNode(
      serialized.id,
      serialized.text,
      serialized.kind === 'endnote' ? 'endnote' : 'footnote',
    );
  }

  constructor(id: string, text: string, kind: NoteKind = 'footnote', key?: NodeKey) {
    super(key);
    this.__id = id;
    this.__text = text;
    this.__kind = kind;
  }

  override exportJSON(): SerializedFootnoteNode {
    return {
      ...super.exportJSON(),
      type: 'footnote',
      version: 1,
      id: this.__id,
      text: this.__text,
      ...(this.__kind === 'endnote' ? { kind: 'endnote' as const } : {}),
    };
  }

  override exportDOM(): DOMExportOutput {
    const sup = document.createElement('sup');
    sup.dataset.footnoteId = this.__id;
    sup.dataset.noteKind = this.__kind;
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

  getKind(): NoteKind {
    return this.getLatest().__kind;
  }

  setKind(kind: NoteKind): this {
    const self = this.getWritable();
    self.__kind = kind;
    return self;
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
    return <FootnoteMarker id={this.__id} kind={this.__kind} />;
  }
}

export function $createFootnoteNode(id: string, text = '', kind: NoteKind = 'footnote'): FootnoteNode {
  return $applyNodeReplacement(new FootnoteNode(id, text, kind));
}

export function $isFootnoteNode(node: LexicalNode | null | undefined): node is FootnoteNode {
  return node instanceof FootnoteNode;
}
