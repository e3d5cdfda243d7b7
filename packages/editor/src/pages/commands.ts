import { createCommand } from 'lexical';

/** 文件 › 页面设置: opens the page setup dialog (PagesPlugin). */
export const OPEN_PAGE_SETUP_COMMAND = createCommand<void>('wx:openPageSetup');
/** 文件 › 打印 (Ctrl+P): prints the document alone, on its paper (PagesPlugin). */
export const PRINT_DOCUMENT_COMMAND = createCommand<void>('wx:printDocument');
