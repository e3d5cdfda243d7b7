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
import { ShapeView } from './ShapeView';
import {
  boundShapeText,
  clampShapeSize,
  holdsText,
  normalizeShape,
  SHAPE_TYPE,
  type ShapeData,
} from './shapeModel';

export type SerializedShapeNode = Spread<ShapeData, SerializedLexicalNode>;

/**
 * A shape or a 文本框, placed in the line as a picture is (an inline decorator): drawn as SVG with its text
 * over it (ShapeView). Everything it holds is in the saved document; a saved value is bounded as it is read.
 */
export class ShapeNode extends DecoratorNode<JSX.Element> {
  __shape: ShapeData;

  static override getType(): string {
    return SHAPE_TYPE;
  }

  static override clone(node: ShapeNode): ShapeNode {
    return new ShapeNode({ ...node.__shape }, node.__key);
  }

  static override importJSON(serialized: SerializedLexicalNode): ShapeNode {
    return $createShapeNode(normalizeShape(serialized as Partial<Record<keyof ShapeData, unknown>>));
  }

  constructor(shape: ShapeData, key?: NodeKey) {
    super(key);
    this.__shape = shape;
  }

  override exportJSON(): SerializedShapeNode {
    return { ...super.exportJSON(), type: SHAPE_TYPE, version: 1, ...this.__shape };
  }

  /** Copied as HTML, a shape is its text (another app has no such shape to paste). */
  override exportDOM(): DOMExportOutput {
    const span = document.createElement('span');
    span.textContent = this.__shape.text;
    return { element: span };
  }

  getShape(): ShapeData {
    return this.getLatest().__shape;
  }

  /** Changes some of the shape's properties; each is bounded as a saved one is. */
  setShape(patch: Partial<ShapeData>): this {
    const writable = this.getWritable();
    writable.__shape = normalizeShape({ ...writable.__shape, ...patch });
    return writable;
  }

  setText(text: string): this {
    const writable = this.getWritable();
    if (holdsText(writable.__shape.kind))
      writable.__shape = { ...writable.__shape, text: boundShapeText(text) };
    return writable;
  }

  setSize(width: number, height: number): this {
    const writable = this.getWritable();
    writable.__shape = { ...writable.__shape, ...clampShapeSize(writable.__shape.kind, width, height) };
    return writable;
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'wx-ed-shape';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  /** Its text counts in the document's text (search, word count, the assistant's context). */
  override getTextContent(): string {
    return this.__shape.text;
  }

  override decorate(): JSX.Element {
    return <ShapeView nodeKey={this.__key} shape={this.__shape} />;
  }
}

export function $createShapeNode(shape: ShapeData, key?: NodeKey): ShapeNode {
  return $applyNodeReplacement(new ShapeNode(normalizeShape(shape), key));
}

export function $isShapeNode(node: LexicalNode | null | undefined): node is ShapeNode {
  return node instanceof ShapeNode;
}
