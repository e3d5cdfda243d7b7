/** The serialized type of a page break: a block of its own, with nothing else in it. */
export const PAGE_BREAK_TYPE = 'pagebreak';
