import { createCommand } from 'lexical';

/** 插入 › 书签 (Ctrl+Shift+F5): the bookmark dialog, on the selection the user has now. */
export const OPEN_BOOKMARK_DIALOG_COMMAND = createCommand<void>('wx:openBookmarkDialog');
/** 插入 › 交叉引用: the cross-reference dialog. */
export const OPEN_XREF_DIALOG_COMMAND = createCommand<void>('wx:openXrefDialog');
/** Takes the reader to a bookmark (by name): its text selected, scrolled into view. */
export const GOTO_BOOKMARK_COMMAND = createCommand<string>('wx:gotoBookmark');
