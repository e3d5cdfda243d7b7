import { createCommand, type LexicalEditor, type NodeKey } from 'lexical';
import type { ShapeKind } from './shapeModel';

/** Inserts a shape of this kind, or a 文本框 (the user is then in its text), at the caret. */
export const INSERT_SHAPE_COMMAND = createCommand<ShapeKind | 'textBox'>('wx:insertShape');
/** 插入 › 形状: the picker of the five shapes. */
export const OPEN_SHAPE_PICKER_COMMAND = createCommand<void>('wx:openShapePicker');
/** 形状格式: fill, border and size of the shape with this key. */
export const OPEN_SHAPE_FORMAT_COMMAND = createCommand<NodeKey>('wx:openShapeFormat');

/*
 * A shape inserted for its text (a 文本框) opens its text editor as soon as its view is there: the view
 * mounts after the update that made the node, so the request waits here for it, per editor.
 */
const pendingEdits = new WeakMap<LexicalEditor, Set<NodeKey>>();

export function requestTextEdit(editor: LexicalEditor, key: NodeKey): void {
  const keys = pendingEdits.get(editor) ?? new Set<NodeKey>();
  keys.add(key);
  pendingEdits.set(editor, keys);
}

/** Whether the view of this shape should open its text editor now (the request is used up). */
export function takeTextEditRequest(editor: LexicalEditor, key: NodeKey): boolean {
  return pendingEdits.get(editor)?.delete(key) ?? false;
}
