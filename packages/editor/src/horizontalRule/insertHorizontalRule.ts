import { $createHorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';
import { $insertNodeToNearestRoot } from '@lexical/utils';
import { $getRoot, $getSelection, $isRangeSelection, type LexicalEditor } from 'lexical';

/**
 * Inserts a horizontal rule (水平线) at the caret, as Word does: the paragraph is split there (or the rule
 * goes after it when the caret is at its end), and the caret stays in the paragraph after the rule.
 */
export function insertHorizontalRule(editor: LexicalEditor): void {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) $getRoot().selectEnd();
    $insertNodeToNearestRoot($createHorizontalRuleNode());
  });
}
