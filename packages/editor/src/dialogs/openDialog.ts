import { createCommand } from 'lexical';

export type DialogName = 'font' | 'paragraph' | 'list' | 'style' | 'find' | 'link' | 'shortcuts' | 'image';

export interface OpenDialogPayload {
  dialog: DialogName;
  /** For the find box: whether the replace row shows. */
  findMode?: 'find' | 'replace';
  /** For 图片属性: the image it edits. */
  nodeKey?: string;
}

/** Opens one of the editor's dialogs; EditorDialogs handles it and keeps which one is open. */
export const OPEN_DIALOG_COMMAND = createCommand<OpenDialogPayload>('wx:openDialog');
