import { $getRoot, $getState, $setState, createState } from 'lexical';
import { isNoteNumberFormat, type NoteKind, type NoteNumberFormat } from './numbering';

/** Each kind's number style, as the document's own: footnotes ①②③ as before, endnotes i ii iii as in Word. */
export const DEFAULT_NOTE_FORMATS: Readonly<Record<NoteKind, NoteNumberFormat>> = {
  footnote: 'circled',
  endnote: 'lowerRoman',
};

/**
 * The number styles live in the root node's state: so they are saved with the text wherever it goes (the
 * .lexdoc file, the cloud copy, the local draft), changing them is one editor update the undo history
 * takes back, and the converters read them from the same JSON (`root.$`). A default is not written.
 */
const formatStates = {
  footnote: createState('wxFootnoteFormat', {
    parse: (value) => (isNoteNumberFormat(value) ? value : DEFAULT_NOTE_FORMATS.footnote),
  }),
  endnote: createState('wxEndnoteFormat', {
    parse: (value) => (isNoteNumberFormat(value) ? value : DEFAULT_NOTE_FORMATS.endnote),
  }),
};

export function $getNoteFormat(kind: NoteKind): NoteNumberFormat {
  return $getState($getRoot(), formatStates[kind]);
}

export function $setNoteFormat(kind: NoteKind, format: NoteNumberFormat): void {
  if ($getNoteFormat(kind) !== format) $setState($getRoot(), formatStates[kind], format);
}

/** The number styles of a serialized document (for the exporters, which read JSON, not an editor). */
export function noteFormatsOf(root: unknown): Record<NoteKind, NoteNumberFormat> {
  const state = (root as { $?: Record<string, unknown> } | null | undefined)?.$;
  return {
    footnote: isNoteNumberFormat(state?.wxFootnoteFormat)
      ? state.wxFootnoteFormat
      : DEFAULT_NOTE_FORMATS.footnote,
    endnote: isNoteNumberFormat(state?.wxEndnoteFormat)
      ? state.wxEndnoteFormat
      : DEFAULT_NOTE_FORMATS.endnote,
  };
}

/** The root's `$` entries for these styles (for the importers, which build JSON); defaults left out. */
export function noteFormatsState(
  formats: Partial<Record<NoteKind, NoteNumberFormat>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (formats.footnote && formats.footnote !== DEFAULT_NOTE_FORMATS.footnote)
    out.wxFootnoteFormat = formats.footnote;
  if (formats.endnote && formats.endnote !== DEFAULT_NOTE_FORMATS.endnote)
    out.wxEndnoteFormat = formats.endnote;
  return out;
}

/** A note's kind in serialized JSON: an endnote says so, anything else is a footnote. */
export const noteKindOf = (node: object): NoteKind =>
  (node as { kind?: unknown }).kind === 'endnote' ? 'endnote' : 'footnote';
