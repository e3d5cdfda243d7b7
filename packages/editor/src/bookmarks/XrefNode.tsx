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
import { t } from '../i18n/zh-CN';
import { type ReferenceDisplay, type ReferenceKind, referenceDisplayOf, UNKNOWN_PAGE } from './resolve';
import { XrefView } from './XrefView';

export type SerializedXrefNode = Spread<
  {
    /** The bookmark it points at (for a heading, the heading's anchor bookmark). */
    target: string;
    kind: ReferenceKind;
    display: ReferenceDisplay;
    /** What it showed last: what DOCX writes as the field's result, Markdown as the link's text. */
    cached: string;
    /** True when the target is gone: it shows Word's error text. */
    missing: boolean;
  },
  SerializedLexicalNode
>;

/**
 * A cross-reference (交叉引用): an inline field that shows its target's current text, number or page
 * number, kept up to date by BookmarksPlugin (the page number from the page view's layout), and takes the reader to the target on a click or on Enter.
 */
export class XrefNode extends DecoratorNode<JSX.Element> {
  __target: string;
  __kind: ReferenceKind;
  __display: ReferenceDisplay;
  __cached: string;
  __missing: boolean;

  static override getType(): string {
    return 'xref';
  }

  static override clone(node: XrefNode): XrefNode {
    return new XrefNode(
      node.__target,
      node.__kind,
      node.__display,
      node.__cached,
      node.__missing,
      node.__key,
    );
  }

  static override importJSON(serialized: SerializedXrefNode): XrefNode {
    return $createXrefNode(
      String(serialized.target ?? ''),
      serialized.kind === 'heading' ? 'heading' : 'bookmark',
      referenceDisplayOf(serialized.display),
      String(serialized.cached ?? ''),
      serialized.missing === true,
    );
  }

  constructor(
    target: string,
    kind: ReferenceKind,
    display: ReferenceDisplay,
    cached: string,
    missing = false,
    key?: NodeKey,
  ) {
    super(key);
    this.__target = target;
    this.__kind = kind;
    this.__display = display;
    this.__cached = cached;
    this.__missing = missing;
  }

  override exportJSON(): SerializedXrefNode {
    const self = this.getLatest();
    return {
      ...super.exportJSON(),
      type: 'xref',
      version: 1,
      target: self.__target,
      kind: self.__kind,
      display: self.__display,
      cached: self.__cached,
      missing: self.__missing,
    };
  }

  override exportDOM(): DOMExportOutput {
    const link = document.createElement('a');
    link.href = `#${this.__target}`;
    link.textContent = this.shownText();
    return { element: link };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'wx-ed-xref-host';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  /** The arrow keys select it as a whole, and Enter then follows it. */
  override isKeyboardSelectable(): boolean {
    return true;
  }

  override getTextContent(): string {
    return this.shownText();
  }

  shownText(): string {
    const self = this.getLatest();
    if (self.__missing) return t.bookmarks.missing;
    return self.__display === 'page' && !self.__cached ? UNKNOWN_PAGE : self.__cached;
  }

  getTarget(): string {
    return this.getLatest().__target;
  }

  getKind(): ReferenceKind {
    return this.getLatest().__kind;
  }

  getDisplay(): ReferenceDisplay {
    return this.getLatest().__display;
  }

  getCached(): string {
    return this.getLatest().__cached;
  }

  isMissing(): boolean {
    return this.getLatest().__missing;
  }

  /** Sets what it shows; `null` says its target is gone (the last text it showed is kept). */
  setResult(result: string | null): this {
    const self = this.getWritable();
    if (result === null) self.__missing = true;
    else {
      self.__missing = false;
      self.__cached = result;
    }
    return self;
  }

  setTarget(target: string): this {
    const self = this.getWritable();
    self.__target = target;
    return self;
  }

  override decorate(): JSX.Element {
    return (
      <XrefView
        nodeKey={this.__key}
        target={this.__target}
        kind={this.__kind}
        display={this.__display}
        text={this.__cached}
        missing={this.__missing}
      />
    );
  }
}

export function $createXrefNode(
  target: string,
  kind: ReferenceKind,
  display: ReferenceDisplay,
  cached = '',
  missing = false,
): XrefNode {
  return $applyNodeReplacement(new XrefNode(target, kind, display, cached, missing));
}

export function $isXrefNode(node: LexicalNode | null | undefined): node is XrefNode {
  return node instanceof XrefNode;
}
