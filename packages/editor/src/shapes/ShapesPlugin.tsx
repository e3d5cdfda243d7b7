import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import {
  $createNodeSelection,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_EDITOR,
  type LexicalEditor,
  type NodeKey,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';
import {
  INSERT_SHAPE_COMMAND,
  OPEN_SHAPE_FORMAT_COMMAND,
  OPEN_SHAPE_PICKER_COMMAND,
  requestTextEdit,
} from './commands';
import { ShapeFormatDialog } from './ShapeFormatDialog';
import { $createShapeNode, $isShapeNode } from './ShapeNode';
import { ShapePicker } from './ShapePicker';
import { defaultShape, defaultTextBox, type ShapeData, type ShapeKind } from './shapeModel';

/**
 * Inserts a shape (or a 文本框) where the selection is, selected; a 文本框 opens its text editor at once.
 * One update, so one undo step takes it out again.
 */
export function insertShape(editor: LexicalEditor, kind: ShapeKind | 'textBox', at?: BaseSelection | null) {
  editor.update(() => {
    if (at) $setSelection(at.clone());
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) $getRoot().selectEnd();
    const node = $createShapeNode(kind === 'textBox' ? defaultTextBox() : defaultShape(kind));
    $insertNodes([node]);
    const selected = $createNodeSelection();
    selected.add(node.getKey());
    $setSelection(selected);
    if (kind === 'textBox') requestTextEdit(editor, node.getKey());
  });
  if (kind !== 'textBox') editor.focus();
}

/** 插入 › 形状 and 文本框, and 形状格式 for a selected shape. */
export function ShapesPlugin() {
  const [editor] = useLexicalComposerContext();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [format, setFormat] = useState<{ key: NodeKey; shape: ShapeData } | null>(null);
  const saved = useRef<BaseSelection | null>(null);

  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          INSERT_SHAPE_COMMAND,
          (kind) => {
            insertShape(editor, kind);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(
          OPEN_SHAPE_PICKER_COMMAND,
          () => {
            saved.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
            setPickerOpen(true);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(
          OPEN_SHAPE_FORMAT_COMMAND,
          (key) => {
            const shape = editor.getEditorState().read(() => {
              const node = $getNodeByKey(key);
              return $isShapeNode(node) ? node.getShape() : null;
            });
            if (!shape) return false;
            setFormat({ key, shape });
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor],
  );

  return (
    <>
      <ShapePicker
        isOpen={pickerOpen}
        onOpenChange={setPickerOpen}
        onPick={(kind) => insertShape(editor, kind, saved.current)}
      />
      <ShapeFormatDialog
        isOpen={format !== null}
        onOpenChange={(open) => {
          if (!open) setFormat(null);
        }}
        shape={format?.shape ?? null}
        onApply={(patch) => {
          if (!format) return;
          // One update, so one undo step; the shape stays selected.
          editor.update(() => {
            const node = $getNodeByKey(format.key);
            if (!$isShapeNode(node)) return;
            node.setShape(patch);
            const selection = $createNodeSelection();
            selection.add(node.getKey());
            $setSelection(selection);
          });
          editor.focus();
        }}
      />
    </>
  );
}
