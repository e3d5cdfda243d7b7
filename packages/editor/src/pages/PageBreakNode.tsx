import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import {
  $applyNodeReplacement,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  CLICK_COMMAND,
  COMMAND_PRIORITY_LOW,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
} from 'lexical';
import { type JSX, useEffect } from 'react';
import { t } from '../i18n/zh-CN';

import { PAGE_BREAK_TYPE } from './pageBreakType';

export { PAGE_BREAK_TYPE };

/**
 * How a page break is written in HTML (a copy, the print view): an empty block after which the page
 * breaks, in both the current and the legacy css property so that older readers see it too.
 */
const BREAK_CSS = 'break-after: page; page-break-after: always;';

function isBreakElement(dom: HTMLElement): boolean {
  if (dom.getAttribute('data-wx-page-break') !== null) return true;
  const style = dom.getAttribute('style') ?? '';
  return /page-break-after:\s*always|break-after:\s*page/i.test(style) && !dom.textContent?.trim();
}

/** A click selects the break (outlined), so that Backspace or Delete removes it, as a picture. */
function PageBreakView({ nodeKey }: { nodeKey: NodeKey }) {
  const [editor] = useLexicalComposerContext();
  const [isSelected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          CLICK_COMMAND,
          (event) => {
            const element = editor.getElementByKey(nodeKey);
            if (!element || !(event.target instanceof Node) || !element.contains(event.target)) return false;
            if (!event.shiftKey) clearSelection();
            setSelected(true);
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, nodeKey, clearSelection, setSelected],
  );
  useEffect(() => {
    editor.getElementByKey(nodeKey)?.toggleAttribute('data-selected', isSelected);
  }, [editor, nodeKey, isSelected]);
  return <span className="wx-ed-pagebreak-label">{t.pages.pageBreak}</span>;
}

/** 分页符: what follows it starts a new page (Ctrl+Enter, 插入 › 分页符). */
export class PageBreakNode extends DecoratorNode<JSX.Element> {
  static override getType(): string {
    return PAGE_BREAK_TYPE;
  }

  static override clone(node: PageBreakNode): PageBreakNode {
    return new PageBreakNode(node.__key);
  }

  static override importJSON(_serialized: SerializedLexicalNode): PageBreakNode {
    return $createPageBreakNode();
  }

  static override importDOM(): DOMConversionMap | null {
    const convert = (dom: HTMLElement) =>
      isBreakElement(dom)
        ? { conversion: () => ({ node: $createPageBreakNode() }), priority: 2 as const }
        : null;
    return { div: convert, figure: convert, hr: convert };
  }

  override exportJSON(): SerializedLexicalNode {
    return { ...super.exportJSON(), type: PAGE_BREAK_TYPE, version: 1 };
  }

  override exportDOM(): DOMExportOutput {
    const div = document.createElement('div');
    div.setAttribute('data-wx-page-break', '');
    div.setAttribute('style', BREAK_CSS);
    return { element: div };
  }

  override createDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'wx-ed-pagebreak';
    div.setAttribute('data-wx-page-break', '');
    // Read as what it is: a separator that screen readers name.
    div.setAttribute('role', 'separator');
    div.setAttribute('aria-label', t.pages.pageBreak);
    return div;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): false {
    return false;
  }

  override getTextContent(): string {
    return '\n';
  }

  override decorate(): JSX.Element {
    return <PageBreakView nodeKey={this.__key} />;
  }
}

export function $createPageBreakNode(): PageBreakNode {
  return $applyNodeReplacement(new PageBreakNode());
}

export function $isPageBreakNode(node: LexicalNode | null | undefined): node is PageBreakNode {
  return node instanceof PageBreakNode;
}

/**
 * Inserts a page break at the caret, as Word does: the paragraph is split there (the break goes after it
 * when the caret is at its end), and the caret waits at the start of what follows.
 */
export function insertPageBreak(editor: LexicalEditor): void {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) $getRoot().selectEnd();
    $insertNodeToNearestRoot($createPageBreakNode());
  });
}
