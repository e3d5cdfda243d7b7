import { NumberFormat } from 'docx';
import type { SerializedEditorState } from 'lexical';
import { withRootEntries } from '../convert/nodes';
import { wAttr, wChild, type XmlElement } from '../convert/wordXml';
import { noteFormatsState } from './noteFormats';
import { NOTE_KINDS, type NoteKind, type NoteNumberFormat } from './numbering';

/**
 * Word's number formats (w:numFmt of w:footnotePr / w:endnotePr) for each note style, and back. Word's
 * `chicago` is the * † ‡ § sequence; circled digits are `decimalEnclosedCircleChinese` (what WPS and
 * Word write for ①②③ in Chinese documents), and `decimalEnclosedCircle` is read as the same.
 */
const TO_DOCX = {
  circled: NumberFormat.DECIMAL_ENCLOSED_CIRCLE_CHINESE,
  decimal: NumberFormat.DECIMAL,
  lowerRoman: NumberFormat.LOWER_ROMAN,
  symbol: NumberFormat.CHICAGO,
} as const satisfies Record<NoteNumberFormat, string>;

export const noteNumberFormatToDocx = (format: NoteNumberFormat) => TO_DOCX[format];

/** A w:numFmt value as a note style; undefined for one the editor does not have (letters, ideographs…). */
export function noteNumberFormatFromDocx(value: string | null | undefined): NoteNumberFormat | undefined {
  switch (value) {
    case 'decimalEnclosedCircleChinese':
    case 'decimalEnclosedCircle':
      return 'circled';
    case 'decimal':
      return 'decimal';
    case 'lowerRoman':
      return 'lowerRoman';
    case 'chicago':
      return 'symbol';
    default:
      return undefined;
  }
}

/** The numFmt of a w:footnotePr or w:endnotePr inside `parent`, as a note style. */
function formatIn(parent: XmlElement | undefined, kind: NoteKind): NoteNumberFormat | undefined {
  const properties = wChild(parent, kind === 'footnote' ? 'footnotePr' : 'endnotePr');
  return noteNumberFormatFromDocx(wAttr(wChild(properties, 'numFmt'), 'val'));
}

/**
 * Each note kind's number style in a .docx package: the body's last section (w:body/w:sectPr) says it, else
 * the document's settings (the root of word/settings.xml). Kinds it does not say, or says in a style the
 * editor does not have, are left out (they keep the editor's default).
 */
export function noteFormatsOfSection(
  section: XmlElement | undefined,
  settings: XmlElement | null | undefined,
): Partial<Record<NoteKind, NoteNumberFormat>> {
  const out: Partial<Record<NoteKind, NoteNumberFormat>> = {};
  for (const kind of NOTE_KINDS) {
    const format = formatIn(section, kind) ?? formatIn(settings ?? undefined, kind);
    if (format) out[kind] = format;
  }
  return out;
}

/** A serialized state with these note styles on its root (kept in the root's `$`, as the editor does). */
export function withNoteFormats<T extends SerializedEditorState>(
  state: T,
  formats: Partial<Record<NoteKind, NoteNumberFormat>>,
): T {
  const entries = noteFormatsState(formats);
  return Object.keys(entries).length ? withRootEntries(state, entries) : state;
}
