import {
  $applyNodeReplacement,
  type DOMExportOutput,
  ElementNode,
  type LexicalNode,
  type NodeKey,
  type SerializedElementNode,
  type Spread,
} from 'lexical';
import { isHiddenBookmark } from './names';

export type SerializedBookmarkNode = Spread<{ name: string }, SerializedElementNode>;

/**
 * A bookmark (书签): a named place in the text. It wraps the bookmarked text, as a link wraps its text, so
 * that the text is the bookmark's whatever is typed inside it, and it travels with the text through undo,
 * copy and paste; a bookmark at a point holds no text. Its brackets are drawn by CSS (bookmarks.css.ts) and
 * can be hidden; the editor's own heading anchors (names starting with `_`) are never drawn.
 */
export class BookmarkNode extends ElementNode {
  __name: string;

  static override getType(): string {
    return 'bookmark';
  }

  static override clone(node: BookmarkNode): BookmarkNode {
    return new BookmarkNode(node.__name, node.__key);
  }

  static override importJSON(serialized: SerializedBookmarkNode): BookmarkNode {
    return $createBookmarkNode(String(serialized.name ?? '')).updateFromJSON(serialized);
  }

  constructor(name: string, key?: NodeKey) {
    super(key);
    this.__name = name;
  }

  override exportJSON(): SerializedBookmarkNode {
    return { ...super.exportJSON(), type: 'bookmark', version: 1, name: this.getName() };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    this.paint(span);
    return span;
  }

  override updateDOM(prev: BookmarkNode, dom: HTMLElement): boolean {
    if (prev.__name !== this.__name) this.paint(dom);
    return false;
  }

  private paint(span: HTMLElement) {
    span.className = isHiddenBookmark(this.__name) ? 'wx-ed-bookmark-anchor' : 'wx-ed-bookmark';
    span.dataset.bookmark = this.__name;
  }

  override exportDOM(): DOMExportOutput {
    // Outside the editor (HTML on the clipboard) a bookmark is an anchor other documents can link to.
    const anchor = document.createElement('a');
    anchor.id = this.__name;
    return { element: anchor };
  }

  override isInline(): true {
    return true;
  }

  override canBeEmpty(): boolean {
    return true;
  }

  override canInsertTextBefore(): false {
    return false;
  }

  override canInsertTextAfter(): false {
    return false;
  }

  /** Copied text takes its bookmark along; a copy whose name is taken loses it (BookmarksPlugin). */
  override extractWithChild(): boolean {
    return true;
  }

  getName(): string {
    return this.getLatest().__name;
  }

  setName(name: string): this {
    const self = this.getWritable();
    self.__name = name;
    return self;
  }
}

export function $createBookmarkNode(name: string): BookmarkNode {
  return $applyNodeReplacement(new BookmarkNode(name));
}

export function $isBookmarkNode(node: LexicalNode | null | undefined): node is BookmarkNode {
  return node instanceof BookmarkNode;
}
