/** The DOCX settings that need none of the DOCX libraries, so the main entry can export them at no cost. */

/** The fonts a written DOCX names where the document names none. */
export const DOCX_DEFAULT_FONTS = {
  eastAsia: '宋体',
  latin: 'Times New Roman',
  mono: 'Courier New',
} as const;

/**
 * What a DOCX may unpack to before it is read: its XML parts together, their elements, and how deep the
 * elements nest (a Word document's tables in tables stay far below). A 600 KB file can unpack to
 * gigabytes of tiny paragraphs, and the sizes a zip declares can lie; so the parts are inflated a block at
 * a time and counted as they come, before mammoth builds its tree of them.
 */
export const DOCX_LIMITS = {
  xmlBytes: 48 * 1024 * 1024,
  xmlElements: 1_000_000,
  xmlDepth: 256,
} as const;
