import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $isNodeSelection,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_HIGH,
  KEY_ENTER_COMMAND,
  type LexicalEditor,
  type NodeKey,
} from 'lexical';
import { useEffect, useMemo, useRef, useState } from 'react';
import { OPEN_FORMULA_DIALOG_COMMAND } from './commands';
import { FormulaDialog } from './FormulaDialog';
import { $createFormulaNode, $isFormulaNode, FormulaNode } from './FormulaNode';

/** Puts a new formula at the selection: inline in the text, or a display formula as a block of its own. */
function $insertFormula(tex: string, display: boolean, selection: BaseSelection | null): FormulaNode {
  if (selection) $setSelection(selection.clone());
  let current = $getSelection();
  if (!$isRangeSelection(current) && !$isNodeSelection(current)) {
    $getRoot().selectEnd();
    current = $getSelection();
  }
  const node = $createFormulaNode(tex, display);
  if (display) $insertNodeToNearestRoot(node);
  else current?.insertNodes([node]);
  return node;
}

/** Changes a formula; one that moved between inline and display takes its new place. */
function $updateFormula(key: NodeKey, tex: string, display: boolean): void {
  const node = $getNodeByKey(key);
  if (!$isFormulaNode(node)) return;
  if (node.isDisplay() === display) {
    node.setTex(tex);
    return;
  }
  const next = $createFormulaNode(tex, display);
  if (display) {
    // Out of its line, to a block of its own where it stood.
    node.selectPrevious();
    node.remove();
    $insertNodeToNearestRoot(next);
  } else {
    // Into a paragraph of its own in the block's place.
    const paragraph = $createParagraphNode();
    paragraph.append(next);
    node.replace(paragraph);
    next.selectNext();
  }
}

/** The formula a NodeSelection holds alone, if any. */
function $selectedFormula(): FormulaNode | null {
  const selection = $getSelection();
  if (!$isNodeSelection(selection)) return null;
  const nodes = selection.getNodes();
  return nodes.length === 1 && $isFormulaNode(nodes[0]) ? nodes[0] : null;
}

function formulaOf(editor: LexicalEditor, key: NodeKey): { tex: string; display: boolean } | undefined {
  return editor.getEditorState().read(() => {
    const node = $getNodeByKey(key);
    return $isFormulaNode(node) ? { tex: node.getTex(), display: node.isDisplay() } : undefined;
  });
}

/**
 * 插入 › 公式 (Alt+=): the formula dialog, for a new formula at the caret or for the formula clicked (or
 * selected with the arrow keys, then Enter). Cancelling leaves the document as it was.
 */
export function FormulaPlugin() {
  const [editor] = useLexicalComposerContext();
  const [isOpen, setOpen] = useState(false);
  const [editing, setEditing] = useState<{ key: NodeKey; tex: string; display: boolean } | null>(null);
  const saved = useRef<BaseSelection | null>(null);

  useEffect(() => {
    if (!editor.hasNodes([FormulaNode])) return;
    return mergeRegister(
      editor.registerCommand(
        OPEN_FORMULA_DIALOG_COMMAND,
        (payload) => {
          const key = payload?.nodeKey;
          const formula = key ? formulaOf(editor, key) : undefined;
          saved.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
          setEditing(key && formula ? { key, ...formula } : null);
          setOpen(true);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        KEY_ENTER_COMMAND,
        (event) => {
          const formula = $selectedFormula();
          if (!formula || !editor.isEditable()) return false;
          event?.preventDefault();
          const nodeKey = formula.getKey();
          queueMicrotask(() => editor.dispatchCommand(OPEN_FORMULA_DIALOG_COMMAND, { nodeKey }));
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    );
  }, [editor]);

  const submit = (tex: string, display: boolean) => {
    editor.update(() => {
      if (editing) $updateFormula(editing.key, tex, display);
      else $insertFormula(tex, display, saved.current);
    });
    editor.focus();
  };

  const onOpenChange = (open: boolean) => {
    setOpen(open);
    if (!open && !editing) editor.focus();
  };

  const initial = useMemo(
    () => (editing ? { tex: editing.tex, display: editing.display } : undefined),
    [editing],
  );
  return <FormulaDialog isOpen={isOpen} onOpenChange={onOpenChange} initial={initial} onSubmit={submit} />;
}
