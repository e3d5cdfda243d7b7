import { createCommand, type LexicalCommand } from 'lexical';

/** 剪切 复制 粘贴 粘贴为纯文本 through the system clipboard (the menus' and the context menu's way). */
export type ClipboardOperation = 'cut' | 'copy' | 'paste' | 'pastePlain';
export const CLIPBOARD_COMMAND: LexicalCommand<ClipboardOperation> = createCommand('wx:clipboard');

/** 复制格式 (takes the format and turns the format painter on) and 粘贴格式 (applies it to the selection). */
export type FormatPainterOperation = 'copy' | 'paste';
export const FORMAT_PAINTER_COMMAND: LexicalCommand<FormatPainterOperation> =
  createCommand('wx:formatPainter');
