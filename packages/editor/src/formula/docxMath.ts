import { unzipSync, zipSync } from 'fflate';
import { type JsonNode, walk } from '../convert/nodes';
import { parseWordXml } from '../convert/wordXml';
import { formulaNode } from './formulaModel';
import { ommlToLatex } from './ommlToLatex';

/*
 * Word's equations (m:oMath, m:oMathPara) read back as formulas. mammoth, which reads the document's
 * text, skips Office Math altogether; so before it reads, each equation in word/document.xml is replaced by
 * a run holding a marker (private-use characters around its number), and the equation itself is read as
 * LaTeX here (ommlToLatex). After mammoth, each marker in the text becomes its formula; a paragraph that
 * held only a display equation (m:oMathPara) becomes the display formula itself.
 */

const OPEN = '\uE0F1';
const CLOSE = '\uE0F2';
const MARKER = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');

/** The equations of a document, in the order of their markers. */
export interface DocxFormulas {
  formulas: Array<{ tex: string; display: boolean }>;
}

const EQUATION = /<m:oMathPara\b[^>]*>[\s\S]*?<\/m:oMathPara>|<m:oMath\b[^>]*(?:\/>|>[\s\S]*?<\/m:oMath>)/g;
const OMML_NS = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';

/**
 * The package with its equations replaced by markers, the document part as rewritten, and the equations as
 * LaTeX. The same bytes come back, untouched, when the document has no equation (most files).
 */
export function equationsAsMarkers(
  bytes: Uint8Array,
  documentXml: string | undefined,
): { bytes: Uint8Array; documentXml: string | undefined } & DocxFormulas {
  const formulas: DocxFormulas['formulas'] = [];
  if (!documentXml?.includes('<m:oMath')) return { bytes, documentXml, formulas };
  const rewritten = documentXml.replace(EQUATION, (xml) => {
    const display = xml.startsWith('<m:oMathPara');
    // Each equation parsed alone, with the namespace its prefix stands for declared on it.
    const open = xml.slice(0, xml.indexOf('>'));
    const element = parseWordXml(
      open.includes('xmlns:m=') ? xml : xml.replace(/^<m:oMath(Para)?\b/, `$& ${OMML_NS}`),
    );
    const tex = element ? ommlToLatex(element) : '';
    if (!tex) return '';
    formulas.push({ tex, display });
    return `<w:r><w:t xml:space="preserve">${OPEN}${formulas.length - 1}${CLOSE}</w:t></w:r>`;
  });
  if (!formulas.length) return { bytes, documentXml, formulas };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    return { bytes, documentXml, formulas: [] };
  }
  files['word/document.xml'] = new TextEncoder().encode(rewritten);
  return { bytes: zipSync(files), documentXml: rewritten, formulas };
}

/** Splits a text node at its markers: text before, the formula, text after, in the node's format. */
function splitText(node: JsonNode, formulas: DocxFormulas['formulas']): JsonNode[] {
  const text = node.text ?? '';
  if (!text.includes(OPEN)) return [node];
  const out: JsonNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const before = text.slice(last, match.index);
    if (before) out.push({ ...node, text: before });
    const formula = formulas[Number(match[1])];
    if (formula) out.push(formulaNode(formula.tex, formula.display));
    last = (match.index ?? 0) + match[0].length;
  }
  const after = text.slice(last);
  if (after) out.push({ ...node, text: after });
  return out;
}

function placeInline(nodes: JsonNode[], formulas: DocxFormulas['formulas']): JsonNode[] {
  return nodes.flatMap((node) => {
    if (node.type === 'text') return splitText(node, formulas);
    if (node.children) return [{ ...node, children: placeInline(node.children, formulas) }];
    return [node];
  });
}

/**
 * The blocks with each marker replaced by its formula. A display formula alone in its paragraph is the
 * block; one with text beside it stays in the text, inline, as the editor holds no block within a line.
 */
export function placeFormulas(blocks: JsonNode[], { formulas }: DocxFormulas): JsonNode[] {
  if (!formulas.length) return blocks;
  return placeInline(blocks, formulas).map((block) => {
    const content = (block.children ?? []).filter((c) => !(c.type === 'text' && !c.text?.trim()));
    const only = content[0];
    if (block.type === 'paragraph' && content.length === 1 && only?.type === 'formula' && only.display)
      return only;
    for (const node of walk(block)) if (node.type === 'formula') node.display = false;
    return block;
  });
}
