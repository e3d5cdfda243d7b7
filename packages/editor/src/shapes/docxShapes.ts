import { unzipSync, zipSync } from 'fflate';
import type { JsonNode } from '../convert/nodes';
import { parseWordXml } from '../convert/wordXml';
import { holdsText, normalizeShape, SHAPE_TYPE, type ShapeData, type ShapeKind } from './shapeModel';

/*
 * Shapes in Word files.
 *
 * Out: VML (`w:pict` holding v:rect, v:roundrect, v:oval or v:line), the form Word, WPS and LibreOffice all
 * draw, inline in the text (no absolute position), with fill and stroke colours and weight, an arrow as the
 * stroke's end arrow, and the text in a v:textbox of w:txbxContent paragraphs. The `docx` library writes no
 * such shapes (its Textbox is a v:shape only, with no fill or kind), so the run is written here as XML.
 *
 * In: mammoth reads none of these as shapes (v:oval and v:line not at all: their text is lost; a text box's
 * paragraphs come out after the paragraph holding it). So before mammoth reads the body, each shape there
 * — a w:pict with a VML shape, an mc:AlternateContent or w:drawing with a DrawingML wps:wsp — is read here
 * and replaced by a marker text in its run; once the body is read, each marker becomes the shape's node.
 */

const PX_PER_PT = 4 / 3;
const EMU_PER_PX = 9525;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const pt = (px: number) => `${Math.round(px * 0.75 * 100) / 100}pt`;

/** The shape's text as w:txbxContent paragraphs, one per line. */
function textBoxXml(text: string): string {
  const paragraphs = (text || '').split('\n').map((line) => {
    const runs = line
      .split('\t')
      .map(
        (part, i) =>
          `${i ? '<w:tab/>' : ''}${part ? `<w:t xml:space="preserve">${escapeXml(part)}</w:t>` : ''}`,
      )
      .join('');
    return `<w:p>${runs ? `<w:r>${runs}</w:r>` : ''}</w:p>`;
  });
  return `<v:textbox inset="4pt,4pt,4pt,4pt"><w:txbxContent>${paragraphs.join('')}</w:txbxContent></v:textbox>`;
}

/** A shape as a Word run (`<w:r><w:pict>…</w:pict></w:r>`). */
export function shapeRunXml(shape: ShapeData): string {
  const stroke = shape.stroke
    ? `strokecolor="${shape.stroke}" strokeweight="${pt(Math.max(shape.strokeWidth, 0.25))}" stroked="t"`
    : 'stroked="f"';
  if (!holdsText(shape.kind)) {
    const arrow = shape.kind === 'arrow' ? '<v:stroke endarrow="block"/>' : '';
    return `<w:r><w:pict><v:line from="0,0" to="${pt(shape.width)},${pt(shape.height)}" ${stroke} filled="f">${arrow}</v:line></w:pict></w:r>`;
  }
  const tag = shape.kind === 'ellipse' ? 'v:oval' : shape.kind === 'roundRect' ? 'v:roundrect' : 'v:rect';
  const fill = shape.fill ? `fillcolor="${shape.fill}" filled="t"` : 'filled="f"';
  const arc = shape.kind === 'roundRect' ? ' arcsize="16%"' : '';
  const style = `width:${pt(shape.width)};height:${pt(shape.height)}`;
  return `<w:r><w:pict><${tag} style="${style}"${arc} ${fill} ${stroke}>${textBoxXml(shape.text)}</${tag}></w:pict></w:r>`;
}

// Reading.

/** A shape's place in the body while mammoth reads it: private-use characters around its number. */
const MARKER = /\uE000(\d+)\uE001/g;
const marker = (n: number) => `\uE000${n}\uE001`;

/** The elements that may hold a shape, by their usual prefixes (Word, WPS and LibreOffice all use these). */
const CONTAINERS = ['w:pict', 'mc:AlternateContent', 'w:drawing'] as const;
const SHAPE_IN_VML = /<v:(rect|roundrect|oval|line|shape)\b/;
const PICTURE = /<v:imagedata\b|<pic:pic\b/;

/** The end of the element opened at `start` (its close tag's end), nested ones of its name counted. */
function elementEnd(xml: string, start: number, name: string): number {
  const open = new RegExp(`<${name}(?=[\\s/>])|</${name}>`, 'g');
  open.lastIndex = start;
  let depth = 0;
  for (let match = open.exec(xml); match; match = open.exec(xml)) {
    if (match[0].startsWith('</')) {
      depth -= 1;
      if (depth === 0) return match.index + match[0].length;
    } else {
      // A self-closed element opens nothing.
      const close = xml.indexOf('>', match.index);
      if (close > 0 && xml[close - 1] === '/') {
        if (depth === 0) return close + 1;
      } else depth += 1;
    }
  }
  return -1;
}

export interface ExtractedShapes {
  /** The body with each shape replaced by its marker text. */
  xml: string;
  shapes: ShapeData[];
}

/** Finds the body's shapes and replaces each by a marker (see the note above); a body without any is as it was. */
export function extractDocxShapes(documentXml: string | undefined): ExtractedShapes {
  if (!documentXml || !/<(w:pict|wps:wsp)\b/.test(documentXml)) return { xml: documentXml ?? '', shapes: [] };
  const rootOpen = /<w:document\b[^>]*>/.exec(documentXml)?.[0];
  if (!rootOpen) return { xml: documentXml, shapes: [] };
  const shapes: ShapeData[] = [];
  const pieces: string[] = [];
  const next = new RegExp(`<(${CONTAINERS.join('|')})(?=[\\s/>])`, 'g');
  let copied = 0;
  for (let match = next.exec(documentXml); match; match = next.exec(documentXml)) {
    const name = match[1] as string;
    const end = elementEnd(documentXml, match.index, name);
    if (end < 0) break;
    const fragment = documentXml.slice(match.index, end);
    const isShape =
      !PICTURE.test(fragment) &&
      (fragment.includes('<wps:wsp') || (name === 'w:pict' && SHAPE_IN_VML.test(fragment)));
    const shape = isShape ? readShapeFragment(rootOpen, fragment) : null;
    next.lastIndex = end;
    if (!shape) continue;
    pieces.push(documentXml.slice(copied, match.index), `<w:t>${marker(shapes.length)}</w:t>`);
    copied = end;
    shapes.push(shape);
  }
  if (!shapes.length) return { xml: documentXml, shapes };
  pieces.push(documentXml.slice(copied));
  return { xml: pieces.join(''), shapes };
}

const descendants = (root: Element, localName: string): Element[] =>
  Array.from(root.getElementsByTagName('*')).filter((e) => e.localName === localName);
const first = (root: Element | undefined, localName: string): Element | undefined =>
  root ? descendants(root, localName)[0] : undefined;
const childrenNamed = (root: Element, localName: string): Element[] =>
  Array.from(root.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === localName,
  );

/** The text of a text box's paragraphs, one line each. */
function txbxText(content: Element | undefined): string {
  if (!content) return '';
  return descendants(content, 'p')
    .map((p) =>
      Array.from(p.getElementsByTagName('*'))
        .map((e) =>
          e.localName === 't'
            ? (e.textContent ?? '')
            : e.localName === 'tab'
              ? '\t'
              : e.localName === 'br'
                ? '\n'
                : '',
        )
        .join(''),
    )
    .join('\n');
}

const NAMED_COLORS: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  gray: '#808080',
  silver: '#c0c0c0',
  navy: '#000080',
};

/** A VML or DrawingML colour as #rrggbb, or undefined. */
function hexColor(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim().split(/\s/)[0]?.toLowerCase() ?? '';
  if (/^#?[0-9a-f]{6}$/.test(v)) return v.startsWith('#') ? v : `#${v}`;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return NAMED_COLORS[v];
}

/** A VML length (pt, px, in, cm, mm, emu-less number = px) in px. */
function vmlLength(value: string | undefined): number | undefined {
  const match = /^\s*(-?[\d.]+)\s*(pt|px|in|cm|mm)?\s*$/.exec(value ?? '');
  if (!match) return undefined;
  const n = Number(match[1]);
  const unit = match[2] ?? 'px';
  return unit === 'pt'
    ? n * PX_PER_PT
    : unit === 'in'
      ? n * 96
      : unit === 'cm'
        ? (n * 96) / 2.54
        : unit === 'mm'
          ? (n * 96) / 25.4
          : n;
}

const styleOf = (element: Element) =>
  Object.fromEntries(
    (element.getAttribute('style') ?? '')
      .split(';')
      .map((d) => d.split(':').map((s) => s.trim()))
      .filter((d) => d.length === 2) as Array<[string, string]>,
  );

const isOff = (value: string | null) => value !== null && /^(f|false|0)$/i.test(value.trim());

function readVml(shapeElement: Element): ShapeData {
  const name = shapeElement.localName;
  const css = styleOf(shapeElement);
  const text = txbxText(first(shapeElement, 'txbxContent'));
  const strokeEl = childrenNamed(shapeElement, 'stroke')[0];
  const stroked = !isOff(shapeElement.getAttribute('stroked'));
  const stroke = stroked ? (hexColor(shapeElement.getAttribute('strokecolor')) ?? '#000000') : null;
  const strokeWidth = vmlLength(shapeElement.getAttribute('strokeweight') ?? undefined) ?? PX_PER_PT * 0.75;
  if (name === 'line') {
    const point = (value: string | null) => (value ?? '0,0').split(',').map((p) => vmlLength(p) ?? 0);
    const [x1 = 0, y1 = 0] = point(shapeElement.getAttribute('from'));
    const [x2 = 0, y2 = 0] = point(shapeElement.getAttribute('to'));
    const arrow = Boolean(strokeEl?.getAttribute('endarrow') && strokeEl.getAttribute('endarrow') !== 'none');
    return normalizeShape({
      kind: arrow ? 'arrow' : 'line',
      width: Math.abs(x2 - x1),
      height: Math.abs(y2 - y1),
      stroke: stroke ?? '#000000',
      strokeWidth,
    });
  }
  const textBoxType = /_x0000_t202|202/.test(
    `${shapeElement.getAttribute('type') ?? ''} ${shapeElement.getAttribute('o:spt') ?? ''}`,
  );
  const kind: ShapeKind = name === 'oval' ? 'ellipse' : name === 'roundrect' ? 'roundRect' : 'rect';
  const filled = !isOff(shapeElement.getAttribute('filled'));
  const fill = filled ? (hexColor(shapeElement.getAttribute('fillcolor')) ?? '#ffffff') : null;
  return normalizeShape({
    kind,
    width: vmlLength(css.width),
    height: vmlLength(css.height),
    fill,
    stroke,
    strokeWidth,
    text,
    textBox: kind === 'rect' && (textBoxType || (!fill && Boolean(text))),
  });
}

function readWps(wsp: Element, extent: Element | undefined): ShapeData {
  const spPr = childrenNamed(wsp, 'spPr')[0];
  const prst = first(spPr, 'prstGeom')?.getAttribute('prst') ?? 'rect';
  const ln = spPr ? childrenNamed(spPr, 'ln')[0] : undefined;
  const arrow = ln
    ? ['tailEnd', 'headEnd'].some((end) => {
        const type = childrenNamed(ln, end)[0]?.getAttribute('type');
        return Boolean(type && type !== 'none');
      })
    : false;
  const line = prst === 'line' || prst.startsWith('straightConnector');
  const kind: ShapeKind = line
    ? arrow
      ? 'arrow'
      : 'line'
    : prst === 'ellipse'
      ? 'ellipse'
      : prst === 'roundRect'
        ? 'roundRect'
        : 'rect';
  const colorIn = (parent: Element | undefined) =>
    parent
      ? hexColor(first(childrenNamed(parent, 'solidFill')[0], 'srgbClr')?.getAttribute('val'))
      : undefined;
  const noFill = spPr ? childrenNamed(spPr, 'noFill').length > 0 : false;
  const lnNone = ln ? childrenNamed(ln, 'noFill').length > 0 : false;
  const lnWidth = Number(ln?.getAttribute('w'));
  const cx = Number(extent?.getAttribute('cx'));
  const cy = Number(extent?.getAttribute('cy'));
  const text = txbxText(first(childrenNamed(wsp, 'txbx')[0], 'txbxContent'));
  const textBox = first(wsp, 'cNvSpPr')?.getAttribute('txBox') === '1';
  return normalizeShape({
    kind,
    width: Number.isFinite(cx) ? cx / EMU_PER_PX : undefined,
    height: Number.isFinite(cy) ? cy / EMU_PER_PX : undefined,
    fill: noFill ? null : (colorIn(spPr) ?? (textBox ? null : '#ffffff')),
    stroke: lnNone ? null : (colorIn(ln) ?? '#000000'),
    strokeWidth: Number.isFinite(lnWidth) && lnWidth > 0 ? lnWidth / EMU_PER_PX : 1,
    text,
    textBox: textBox && kind === 'rect',
  });
}

/** One container's shape: DrawingML's where there is one (it says more), else VML's; null if neither reads. */
function readShapeFragment(rootOpen: string, fragment: string): ShapeData | null {
  const root = parseWordXml(`${rootOpen}<w:body><w:p><w:r>${fragment}</w:r></w:p></w:body></w:document>`);
  if (!root) return null;
  const wsp = first(root, 'wsp');
  if (wsp) {
    const inline = descendants(root, 'extent')[0];
    return readWps(wsp, inline);
  }
  const vml = Array.from(root.getElementsByTagName('*')).find(
    (e) =>
      e.namespaceURI === 'urn:schemas-microsoft-com:vml' &&
      ['rect', 'roundrect', 'oval', 'line', 'shape'].includes(e.localName),
  );
  return vml ? readVml(vml) : null;
}

/** The shape's node in the editor state. */
export const shapeJson = (shape: ShapeData): JsonNode =>
  ({ type: SHAPE_TYPE, version: 1, ...shape }) as JsonNode;

/**
 * Puts the shapes back where their markers are in the blocks read: a text holding a marker is split around
 * the shape's node; a marker in a plain-text field (a footnote's text) becomes the shape's text.
 */
export function restoreDocxShapes(blocks: JsonNode[], shapes: readonly ShapeData[]): JsonNode[] {
  if (!shapes.length) return blocks;
  const visit = (node: JsonNode): void => {
    if (node.type !== 'text' && typeof node.text === 'string' && node.text.includes('\uE000'))
      node.text = node.text.replace(MARKER, (_, n: string) => shapes[Number(n)]?.text ?? '');
    if (!node.children) return;
    const children: JsonNode[] = [];
    for (const child of node.children) {
      visit(child);
      if (child.type !== 'text' || !String(child.text ?? '').includes('\uE000')) {
        children.push(child);
        continue;
      }
      const text = String(child.text);
      let at = 0;
      for (const match of text.matchAll(MARKER)) {
        if (match.index > at) children.push({ ...child, text: text.slice(at, match.index) });
        const shape = shapes[Number(match[1])];
        if (shape) children.push(shapeJson(shape));
        at = match.index + match[0].length;
      }
      if (at < text.length) children.push({ ...child, text: text.slice(at) });
    }
    node.children = children;
  };
  for (const block of blocks) visit(block);
  return blocks;
}

/** The package with its shapes replaced by markers (extractDocxShapes), its body as rewritten, and the shapes. */
export function shapesAsMarkers(
  bytes: Uint8Array,
  documentXml: string | undefined,
): { bytes: Uint8Array; documentXml: string | undefined; shapes: ShapeData[] } {
  const extracted = extractDocxShapes(documentXml);
  if (!extracted.shapes.length) return { bytes, documentXml, shapes: [] };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    return { bytes, documentXml, shapes: [] };
  }
  files['word/document.xml'] = new TextEncoder().encode(extracted.xml);
  return { bytes: zipSync(files), documentXml: extracted.xml, shapes: extracted.shapes };
}
