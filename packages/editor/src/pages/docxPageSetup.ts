import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import {
  DEFAULT_PAGE_SETUP,
  MARGIN_KEYS,
  type Margins,
  type PageSetup,
  paperOfSize,
  twipsToMm,
  validateMargins,
} from './pageSetup';

type XmlElement = Element;

/** The part that holds the body, and its section properties. */
const DOCUMENT_PART = 'word/document.xml';
/** A body larger than this is not searched for its page (the importer's own limits apply before). */
const MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;

const byLocalName = (parent: XmlElement | null | undefined, name: string): XmlElement | undefined => {
  if (!parent) return undefined;
  for (let child = parent.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 1 && (child as XmlElement).localName === name) return child as XmlElement;
  return undefined;
};

/** A w: attribute by its local name, whatever prefix the file gives the namespace. */
function attribute(element: XmlElement | undefined, name: string): string | undefined {
  if (!element) return undefined;
  for (let i = 0; i < element.attributes.length; i++) {
    const a = element.attributes.item(i);
    if (a && (a.localName ?? a.name) === name) return a.value;
  }
  return undefined;
}

const twips = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^-?\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value);
};

/**
 * The page setup of a .docx body's last section (w:body/w:sectPr: w:pgSz w:w/w:h/w:orient, w:pgMar
 * w:top/w:bottom/w:left/w:right, in twips), as the editor keeps it: a paper of the list (else A4, keeping
 * the orientation the size says), margins in millimetres. Null when the file says nothing usable; margins
 * that leave no text area are replaced by the default ones.
 */
export function pageSetupFromDocumentXml(xml: string): PageSetup | null {
  // No DTDs: a document has none, and entities are how XML bombs work.
  if (!xml || xml.length > MAX_DOCUMENT_CHARS || /<!DOCTYPE/i.test(xml.slice(0, 4096))) return null;
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
  if (failed || !document?.documentElement) return null;
  const body = byLocalName(document.documentElement as unknown as XmlElement, 'body');
  const section = byLocalName(body, 'sectPr');
  if (!section) return null;
  const size = byLocalName(section, 'pgSz');
  const margin = byLocalName(section, 'pgMar');
  if (!size && !margin) return null;

  let paper = DEFAULT_PAGE_SETUP.paper;
  let orientation = DEFAULT_PAGE_SETUP.orientation;
  const w = twips(attribute(size, 'w'));
  const h = twips(attribute(size, 'h'));
  if (w && h && w > 0 && h > 0) {
    const found = paperOfSize(twipsToMm(w), twipsToMm(h));
    if (found) ({ paper, orientation } = found);
    else orientation = w > h ? 'landscape' : 'portrait';
  } else if (attribute(size, 'orient') === 'landscape') orientation = 'landscape';

  const margins: Margins = { ...DEFAULT_PAGE_SETUP.margins };
  for (const key of MARGIN_KEYS) {
    // A negative top or bottom margin means "this much, and text may not push it": its size is kept.
    const value = twips(attribute(margin, key));
    if (value !== undefined) margins[key] = twipsToMm(Math.abs(value));
  }
  const ok = Object.keys(validateMargins(paper, orientation, margins)).length === 0;
  return { paper, orientation, margins: ok ? margins : { ...DEFAULT_PAGE_SETUP.margins } };
}

/** The page setup of a .docx file's bytes, or null when it has none or cannot be read. */
export function readDocxPageSetup(bytes: Uint8Array): PageSetup | null {
  try {
    const parts = unzipSync(bytes, { filter: (file) => file.name === DOCUMENT_PART });
    const part = parts[DOCUMENT_PART];
    return part ? pageSetupFromDocumentXml(new TextDecoder().decode(part)) : null;
  } catch {
    // The page is a bonus over the content: without it the document still comes in, on A4.
    return null;
  }
}
