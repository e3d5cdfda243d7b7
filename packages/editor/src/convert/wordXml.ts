import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';

/*
 * The parts of a .docx package the importer reads beside mammoth, unpacked and parsed once for all its
 * readers (formatting, page setup, note styles, fields), and the few ways of walking WordprocessingML
 * they share.
 *
 * The parser is xmldom, which mammoth itself reads with: it neither expands entities a DTD declares nor
 * fetches external ones; and a part that carries a DTD at all (Word never writes one) is not read here.
 * The parts were counted before (docxLimits.ts: bytes, elements, depth), so every walk is bounded.
 */

export type XmlElement = Element;

/** WordprocessingML's namespace, transitional and strict. */
const W_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);

/** A part larger than this is not parsed (the importer's own limits refuse far less before). */
const MAX_PART_CHARS = 64 * 1024 * 1024;

/** A part's root element, or null when it is missing, too large, carries a DTD or is not well formed. */
export function parseWordXml(text: string | undefined): XmlElement | null {
  if (!text || text.length > MAX_PART_CHARS || /<!DOCTYPE/i.test(text.slice(0, 4096))) return null;
  let failed = false;
  const document = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: () => {},
      fatalError: () => {
        failed = true;
      },
    },
  }).parseFromString(text, 'text/xml');
  return failed ? null : ((document?.documentElement as unknown as XmlElement | null) ?? null);
}

/** A w: element, of this local name when one is given. */
export const isW = (node: Node, name?: string): node is XmlElement =>
  node.nodeType === 1 &&
  W_NAMESPACES.has((node as XmlElement).namespaceURI ?? '') &&
  (name === undefined || (node as XmlElement).localName === name);

/** The w: children of an element, of this local name when one is given. */
export function* wChildren(parent: Node | null | undefined, name?: string): Generator<XmlElement> {
  if (!parent) return;
  for (let child = parent.firstChild; child; child = child.nextSibling) if (isW(child, name)) yield child;
}

/** The first w: child of this local name. */
export const wChild = (parent: Node | null | undefined, name: string): XmlElement | undefined =>
  wChildren(parent, name).next().value ?? undefined;

/** A w: attribute (Word always qualifies them). */
export function wAttr(element: XmlElement | undefined, name: string): string | undefined {
  if (!element) return undefined;
  for (const namespace of W_NAMESPACES) {
    const value = element.getAttributeNS(namespace, name);
    if (value) return value;
  }
  return undefined;
}

/** The children of any namespace with this local name (a package's relationships are not in w:). */
export function* childrenNamed(parent: Node | null | undefined, name: string): Generator<XmlElement> {
  if (!parent) return;
  for (let child = parent.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 1 && (child as XmlElement).localName === name) yield child as XmlElement;
}

/** The relationships namespace of r:id attributes. */
export const R_NAMESPACE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts read beside mammoth, as text; a part the package lacks is undefined. */
export interface WordParts {
  document?: string;
  styles?: string;
  numbering?: string;
  theme?: string;
  settings?: string;
  /** The body's relationships (word/_rels/document.xml.rels): which part a header reference names. */
  rels?: string;
  /** The header and footer parts, by their name inside word/ (header1.xml, footer2.xml…). */
  bands?: Record<string, string>;
}

const PART_NAMES = {
  document: 'word/document.xml',
  styles: 'word/styles.xml',
  numbering: 'word/numbering.xml',
  theme: 'word/theme/theme1.xml',
  settings: 'word/settings.xml',
  rels: 'word/_rels/document.xml.rels',
} as const satisfies Record<Exclude<keyof WordParts, 'bands'>, string>;

/** A header or footer part's name. */
const BAND_PART = /^word\/((?:header|footer)\d{0,4}\.xml)$/;

/**
 * The parts of a package, unpacked in one pass over its entries and decoded. Throws when the bytes are not
 * a zip (the importer checked they are, and their sizes, before).
 */
export function unpackWordParts(bytes: Uint8Array): WordParts {
  const wanted = new Set<string>(Object.values(PART_NAMES));
  const files = unzipSync(bytes, { filter: (file) => wanted.has(file.name) || BAND_PART.test(file.name) });
  const decoder = new TextDecoder();
  const parts: WordParts = {};
  for (const [key, name] of Object.entries(PART_NAMES) as Array<
    [Exclude<keyof WordParts, 'bands'>, string]
  >) {
    const file = files[name];
    if (file) parts[key] = decoder.decode(file);
  }
  const bands: Record<string, string> = {};
  for (const [name, file] of Object.entries(files)) {
    const band = BAND_PART.exec(name)?.[1];
    if (band) bands[band] = decoder.decode(file);
  }
  if (Object.keys(bands).length) parts.bands = bands;
  return parts;
}

/** The body's own section properties (w:body/w:sectPr): the last section's page and notes. */
export const bodySection = (documentRoot: XmlElement | null | undefined): XmlElement | undefined =>
  wChild(wChild(documentRoot, 'body'), 'sectPr');
