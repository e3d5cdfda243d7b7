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
import { ImageView } from './ImageView';
import { clampImageWidth } from './imageSize';

export interface ImagePayload {
  /** A data URL read from the chosen file, or an http(s) URL from pasted HTML. */
  src: string;
  /** The file name. */
  altText: string;
  /** The width it was given (px; the height follows the picture's proportions); unset: its own width. */
  width?: number | null;
  key?: NodeKey;
}

export type SerializedImageNode = Spread<
  { src: string; altText: string; width?: number | null },
  SerializedLexicalNode
>;

const SAFE_SRC = /^(data:image\/[a-z0-9.+-]+;|https?:\/\/|blob:)/i;

/** The sources a picture may come from, whether pasted, dropped, chosen or read from a saved document. */
export function isSafeImageSource(src: string): boolean {
  return SAFE_SRC.test(src);
}

function convertImageElement(dom: HTMLElement): DOMConversionOutput | null {
  if (!(dom instanceof HTMLImageElement)) return null;
  const src = dom.getAttribute('src') ?? '';
  if (!isSafeImageSource(src)) return null;
  const width = Number.parseFloat(dom.getAttribute('width') ?? '');
  return {
    node: $createImageNode({
      src,
      altText: dom.alt,
      ...(width > 0 ? { width: clampImageWidth(width) } : {}),
    }),
  };
}

/** An inline picture; the document stores it as a data URL so a local document is self-contained. */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __altText: string;
  __width: number | null;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__altText, node.__key, node.__width);
  }

  /**
   * A saved document is as untrusted as a paste: a source outside the safe ones is dropped, and the picture
   * keeps its place and its description.
   */
  static override importJSON(serialized: SerializedImageNode): ImageNode {
    const src = typeof serialized.src === 'string' && isSafeImageSource(serialized.src) ? serialized.src : '';
    const width =
      typeof serialized.width === 'number' && Number.isFinite(serialized.width) && serialized.width > 0
        ? clampImageWidth(serialized.width)
        : null;
    return $createImageNode({
      src,
      altText: typeof serialized.altText === 'string' ? serialized.altText : '',
      width,
    });
  }

  static override importDOM(): DOMConversionMap | null {
    return { img: () => ({ conversion: convertImageElement, priority: 0 }) };
  }

  constructor(src: string, altText: string, key?: NodeKey, width: number | null = null) {
    super(key);
    this.__src = src;
    this.__altText = altText;
    this.__width = width;
  }

  override exportJSON(): SerializedImageNode {
    return {
      ...super.exportJSON(),
      type: 'image',
      version: 1,
      src: this.__src,
      altText: this.__altText,
      ...(this.__width ? { width: this.__width } : {}),
    };
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    if (this.__src) img.setAttribute('src', this.__src);
    img.setAttribute('alt', this.__altText);
    if (this.__width) img.setAttribute('width', String(this.__width));
    return { element: img };
  }

  getWidth(): number | null {
    return this.getLatest().__width;
  }

  setWidth(width: number | null): this {
    const writable = this.getWritable();
    writable.__width = width === null ? null : clampImageWidth(width);
    return writable;
  }

  setAltText(altText: string): this {
    const writable = this.getWritable();
    writable.__altText = altText;
    return writable;
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'wx-ed-image';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  getAltText(): string {
    return this.getLatest().__altText;
  }

  override getTextContent(): string {
    return '';
  }

  /** The selectable, resizable view (ImageView), imported directly so it renders with the node. */
  override decorate(): JSX.Element {
    return <ImageView nodeKey={this.__key} src={this.__src} altText={this.__altText} width={this.__width} />;
  }
}

export function $createImageNode({ src, altText, width = null, key }: ImagePayload): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, altText, key, width));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
