import { DOMParser } from '@xmldom/xmldom';
import { NumberFormat } from 'docx';
import { unzipSync } from 'fflate';
import type { SerializedEditorState } from 'lexical';
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

/** A body or settings part larger than this is not searched for note formats (the importer's limits apply first). */
const MAX_PART_CHARS = 64 * 1024 * 1024;

const childByLocalName = (parent: Element | null | undefined, name: string): Element | undefined => {
  if (!parent) return undefined;
  for (let child = parent.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 1 && (child as Element).localName === name) return child as Element;
  return undefined;
};

/** A w: attribute by its local name, whatever prefix the file gives the namespace. */
function attributeOf(element: Element | undefined, name: string): string | undefined {
  if (!element) return undefined;
  for (let i = 0; i < element.attributes.length; i++) {
    const a = element.attributes.item(i);
    if (a && (a.localName ?? a.name) === name) return a.value;
  }
  return undefined;
}

function parseXml(xml: string | undefined): Element | null {
  // No DTDs: a document has none, and entities are how XML bombs work.
  if (!xml || xml.length > MAX_PART_CHARS || /<!DOCTYPE/i.test(xml.slice(0, 4096))) return null;
  let failed = false;
  const document = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: () => {},
      fatalError: () => {
        failed = true;
      },
    },
  }).parseFromString(xml, 'text/xml');
  return failed ? null : ((document?.documentElement as unknown as Element | null) ?? null);
}

/** The numFmt of a w:footnotePr or w:endnotePr inside `parent`, as a note style. */
function formatIn(parent: Element | undefined, kind: NoteKind): NoteNumberFormat | undefined {
  const properties = childByLocalName(parent, kind === 'footnote' ? 'footnotePr' : 'endnotePr');
  return noteNumberFormatFromDocx(attributeOf(childByLocalName(properties, 'numFmt'), 'val'));
}

/**
 * Each note kind's number style in a .docx package: the body's last section (w:body/w:sectPr) says it, else
 * the document's settings (word/settings.xml). Kinds it does not say, or says in a style the editor does not
 * have, are left out (they keep the editor's default).
 */
export function noteFormatsFromDocxParts(parts: {
  document?: string;
  settings?: string;
}): Partial<Record<NoteKind, NoteNumberFormat>> {
  const section = childByLocalName(childByLocalName(parseXml(parts.document), 'body'), 'sectPr');
  const settings = parseXml(parts.settings) ?? undefined;
  const out: Partial<Record<NoteKind, NoteNumberFormat>> = {};
  for (const kind of NOTE_KINDS) {
    const format = formatIn(section, kind) ?? formatIn(settings, kind);
    if (format) out[kind] = format;
  }
  return out;
}

/** The note styles of a .docx file's bytes; {} when it has none or cannot be read. */
export function readDocxNoteFormats(bytes: Uint8Array): Partial<Record<NoteKind, NoteNumberFormat>> {
  const names = ['word/document.xml', 'word/settings.xml'];
  try {
    const parts = unzipSync(bytes, { filter: (file) => names.includes(file.name) });
    const text = (name: string) => {
      const part = parts[name];
      return part ? new TextDecoder().decode(part) : undefined;
    };
    return noteFormatsFromDocxParts({
      document: text('word/document.xml'),
      settings: text('word/settings.xml'),
    });
  } catch {
    // The styles are a bonus over the notes themselves: without them the notes come in with the defaults.
    return {};
  }
}

/** A serialized state with these note styles on its root (kept in the root's `$`, as the editor does). */
export function withNoteFormats<T extends SerializedEditorState>(
  state: T,
  formats: Partial<Record<NoteKind, NoteNumberFormat>>,
): T {
  const entries = noteFormatsState(formats);
  if (!Object.keys(entries).length) return state;
  const root = state.root as unknown as { $?: Record<string, unknown> };
  return { ...state, root: { ...state.root, $: { ...(root.$ ?? {}), ...entries } } } as T;
}
