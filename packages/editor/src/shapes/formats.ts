import type { SerializedEditorState } from 'lexical';
import { SHAPE_TYPE } from './shapeModel';

interface AnyNode {
  type?: string;
  children?: AnyNode[];
}

/** Whether the document holds a shape or a text box anywhere (a table cell, a list, a link). */
export function documentHasShapes(editorState: SerializedEditorState | null | undefined): boolean {
  const stack: AnyNode[] = editorState ? [editorState.root as AnyNode] : [];
  while (stack.length) {
    const node = stack.pop() as AnyNode;
    if (node.type === SHAPE_TYPE) return true;
    if (Array.isArray(node.children)) stack.push(...node.children);
  }
  return false;
}
