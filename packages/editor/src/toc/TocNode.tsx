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
import { cleanEntries, sameEntries, TOC_TYPE, type TocEntry } from './entries';
import { TocView } from './TocView';

export type SerializedTocNode = Spread<{ entries: TocEntry[] }, SerializedLexicalNode>;

/**
 * 目录: a block that lists the document's headings 1–3 as they were when it was inserted or last updated
 * (更新目录), as Word's table of contents does: it does not follow the headings by itself. Its page numbers
 * are the page view's (TocView keeps them with the layout).
 */
export class TocNode extends DecoratorNode<JSX.Element> {
  __entries: TocEntry[];

  static override getType(): string {
    return TOC_TYPE;
  }

  static override clone(node: TocNode): TocNode {
    return new TocNode(node.__entries, node.__key);
  }

  static override importJSON(serialized: SerializedTocNode): TocNode {
    return $createTocNode(cleanEntries(serialized.entries));
  }

  constructor(entries: TocEntry[] = [], key?: NodeKey) {
    super(key);
    this.__entries = entries;
  }

  override exportJSON(): SerializedTocNode {
    return {
      ...super.exportJSON(),
      type: TOC_TYPE,
      version: 1,
      entries: this.getLatest().__entries.map((e) => ({ ...e })),
    };
  }

  /** A copy or the print view: the entries as a list, each line its text and page. */
  override exportDOM(): DOMExportOutput {
    const nav = document.createElement('nav');
    nav.setAttribute('aria-label', t.toc.title);
    nav.setAttribute('data-wx-toc', '');
    for (const entry of this.__entries) {
      const p = document.createElement('p');
      p.textContent = entry.page === undefined ? entry.text : `${entry.text}\t${entry.page}`;
      nav.append(p);
    }
    return { element: nav };
  }

  override createDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'wx-ed-toc-host';
    div.setAttribute('data-wx-toc', '');
    return div;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): false {
    return false;
  }

  /** The arrow keys select it as a whole; Enter then takes the focus to its first entry (TocView). */
  override isKeyboardSelectable(): boolean {
    return true;
  }

  override getTextContent(): string {
    return `${this.getLatest()
      .__entries.map((e) => (e.page === undefined ? e.text : `${e.text}\t${e.page}`))
      .join('\n')}\n`;
  }

  getEntries(): TocEntry[] {
    return this.getLatest().__entries;
  }

  setEntries(entries: TocEntry[]): this {
    if (sameEntries(this.getLatest().__entries, entries)) return this;
    const self = this.getWritable();
    self.__entries = cleanEntries(entries);
    return self;
  }

  override decorate(): JSX.Element {
    return <TocView nodeKey={this.__key} entries={this.__entries} />;
  }
}

export function $createTocNode(entries: TocEntry[] = []): TocNode {
  return $applyNodeReplacement(new TocNode(entries));
}

export function $isTocNode(node: LexicalNode | null | undefined): node is TocNode {
  return node instanceof TocNode;
}
