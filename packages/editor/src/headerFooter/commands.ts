import { createCommand } from 'lexical';

/** 插入 › 页眉和页脚, or a double click on a sheet's band: opens the header and footer dialog. */
export const OPEN_HEADER_FOOTER_COMMAND = createCommand<void>('wx:openHeaderFooter');
/** 插入 › 页码: opens the page number dialog. */
export const OPEN_PAGE_NUMBER_COMMAND = createCommand<void>('wx:openPageNumber');
