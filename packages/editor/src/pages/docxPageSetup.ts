import { wAttr, wChild, type XmlElement } from '../convert/wordXml';
import {
  DEFAULT_PAGE_SETUP,
  MARGIN_KEYS,
  type Margins,
  type PageSetup,
  paperOfSize,
  twipsToMm,
  validateMargins,
} from './pageSetup';

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
export function pageSetupOfSection(section: XmlElement | undefined): PageSetup | null {
  if (!section) return null;
  const size = wChild(section, 'pgSz');
  const margin = wChild(section, 'pgMar');
  if (!size && !margin) return null;

  let paper = DEFAULT_PAGE_SETUP.paper;
  let orientation = DEFAULT_PAGE_SETUP.orientation;
  const w = twips(wAttr(size, 'w'));
  const h = twips(wAttr(size, 'h'));
  if (w && h && w > 0 && h > 0) {
    const found = paperOfSize(twipsToMm(w), twipsToMm(h));
    if (found) ({ paper, orientation } = found);
    else orientation = w > h ? 'landscape' : 'portrait';
  } else if (wAttr(size, 'orient') === 'landscape') orientation = 'landscape';

  const margins: Margins = { ...DEFAULT_PAGE_SETUP.margins };
  for (const key of MARGIN_KEYS) {
    // A negative top or bottom margin means "this much, and text may not push it": its size is kept.
    const value = twips(wAttr(margin, key));
    if (value !== undefined) margins[key] = twipsToMm(Math.abs(value));
  }
  const ok = Object.keys(validateMargins(paper, orientation, margins)).length === 0;
  return { paper, orientation, margins: ok ? margins : { ...DEFAULT_PAGE_SETUP.margins } };
}
