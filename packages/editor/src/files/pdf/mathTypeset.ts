import type { LiteElement, LiteNode } from 'mathjax-full/js/adaptors/lite/Element.js';
import { LiteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';
// The TeX packages a formula may use: KaTeX's repertoire and a little more. Left out: html (\href,
// \class: the editor's KaTeX refuses them too), noerrors and noundefined (they would print a broken formula
// instead of reporting it, and a broken one prints as its source), setoptions and require (they change
// the engine), bussproofs (its proofs need a second layout pass).
import 'mathjax-full/js/input/tex/base/BaseConfiguration.js';
import 'mathjax-full/js/input/tex/ams/AmsConfiguration.js';
import 'mathjax-full/js/input/tex/amscd/AmsCdConfiguration.js';
import 'mathjax-full/js/input/tex/bbox/BboxConfiguration.js';
import 'mathjax-full/js/input/tex/boldsymbol/BoldsymbolConfiguration.js';
import 'mathjax-full/js/input/tex/braket/BraketConfiguration.js';
import 'mathjax-full/js/input/tex/cancel/CancelConfiguration.js';
import 'mathjax-full/js/input/tex/cases/CasesConfiguration.js';
import 'mathjax-full/js/input/tex/centernot/CenternotConfiguration.js';
import 'mathjax-full/js/input/tex/color/ColorConfiguration.js';
import 'mathjax-full/js/input/tex/colortbl/ColortblConfiguration.js';
import 'mathjax-full/js/input/tex/enclose/EncloseConfiguration.js';
import 'mathjax-full/js/input/tex/extpfeil/ExtpfeilConfiguration.js';
import 'mathjax-full/js/input/tex/gensymb/GensymbConfiguration.js';
import 'mathjax-full/js/input/tex/mathtools/MathtoolsConfiguration.js';
import 'mathjax-full/js/input/tex/mhchem/MhchemConfiguration.js';
import 'mathjax-full/js/input/tex/newcommand/NewcommandConfiguration.js';
import 'mathjax-full/js/input/tex/physics/PhysicsConfiguration.js';
import 'mathjax-full/js/input/tex/textcomp/TextcompConfiguration.js';
import 'mathjax-full/js/input/tex/textmacros/TextMacrosConfiguration.js';
import 'mathjax-full/js/input/tex/unicode/UnicodeConfiguration.js';
import type { MathBox, MathGroup, MathPaint, MathShape, Matrix } from './mathBox';
import { cssColor } from './styles';

/**
 * TeX to vector outlines, for the PDF: MathJax's SVG output on its own light DOM (no browser DOM, so it runs
 * in Node and in a Web Worker alike), with `fontCache: 'none'` so that every glyph is a path of its own.
 * The exporter loads this module only for a document that has formulas (exportPdf.ts).
 *
 * The SVG tree is walked here rather than serialized and handed to an SVG-to-PDFKit library: MathJax uses a
 * handful of elements (g, path, rect, line, polygon, ellipse, text, nested svg for stretched delimiters),
 * the tree is already parsed, and text the maths fonts lack (\text{中文}) must be set in the document's
 * own Chinese face, measured by the same fonts the PDF embeds: a generic converter can do neither.
 */

const PACKAGES = [
  'base',
  'ams',
  'amscd',
  'bbox',
  'boldsymbol',
  'braket',
  'cancel',
  'cases',
  'centernot',
  'color',
  'colortbl',
  'enclose',
  'extpfeil',
  'gensymb',
  'mathtools',
  'mhchem',
  'newcommand',
  'physics',
  'textcomp',
  'textmacros',
  'unicode',
];

/** The width of `text` in ems of its font size, as the PDF will set it. */
export type MeasureText = (text: string, bold: boolean) => number;

/**
 * The light DOM, measuring the text MathJax has no glyphs for with the export's fonts (the plain light DOM
 * guesses a width per character), so that the space MathJax leaves is the width the PDF draws.
 */
class MeasuringAdaptor extends LiteAdaptor {
  measureText: MeasureText = (text) => Array.from(text).length;

  override nodeSize(node: LiteElement): [number, number] {
    const bold = this.getAttribute(node, 'font-weight') === 'bold';
    return [this.measureText(this.textContent(node), bold), 0.8];
  }
}

const adaptor = new MeasuringAdaptor(null, {});
RegisterHTMLHandler(adaptor);

/** MathJax's x-height to em: the math is set at exactly its font size (no scaling to another font's ex). */
const X_HEIGHT = 0.442;
const EM_PX = 16;

/** A formula MathJax reported as broken (bad LaTeX), with its message. */
export class FormulaTypesetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaTypesetError';
  }
}

/**
 * A typesetter for one export: its own MathJax document, so the text it measures is measured with this
 * export's fonts. `typeset` throws FormulaTypesetError for LaTeX MathJax cannot set.
 */
export function createTypesetter(
  measureText: MeasureText,
): (tex: string, display: boolean, containerEm?: number) => MathBox {
  const doc = mathjax.document('', {
    // maxMacros and maxBuffer bound what a hostile definition (\def\a{\a\a}) makes the engine do.
    InputJax: new TeX({ packages: PACKAGES, maxMacros: 1000, maxBuffer: 5 * 1024 }),
    OutputJax: new SVG({ fontCache: 'none' }),
  });
  return (tex, display, containerEm = 40) => {
    adaptor.measureText = measureText;
    const containerPx = containerEm * EM_PX;
    let container: LiteElement;
    try {
      container = doc.convert(tex, {
        display,
        em: EM_PX,
        ex: EM_PX * X_HEIGHT,
        containerWidth: containerPx,
      }) as LiteElement;
    } catch (error) {
      throw new FormulaTypesetError(error instanceof Error ? error.message : String(error));
    }
    const svg = adaptor.firstChild(container) as LiteElement | null;
    if (!svg || adaptor.kind(svg) !== 'svg') throw new FormulaTypesetError('no output');
    const problem = firstError(svg);
    if (problem !== null) throw new FormulaTypesetError(problem);
    if (adaptor.getAttribute(svg, 'width') === '100%') return fullWidth(svg, containerPx);
    const [left, top, width, height] = numbers(adaptor.getAttribute(svg, 'viewBox'));
    if (
      width === undefined ||
      height === undefined ||
      left === undefined ||
      top === undefined ||
      !(width >= 0 && height >= 0)
    )
      throw new FormulaTypesetError('no size');
    return {
      width: width / 1000,
      height: -top / 1000,
      depth: (height + top) / 1000,
      left,
      unitsPerEm: 1000,
      root: { kind: 'group', children: shapesOf(svg, INHERITED, NO_VIEWPORT) },
    };
  };
}

/**
 * An equation with a tag (\tag, numbered environments): MathJax spreads it over the container's width, the
 * equation centred and its tag at the right, in pixels of EM_PX to the em with no viewBox.
 */
function fullWidth(svg: LiteElement, containerPx: number): MathBox {
  const exPx = EM_PX * X_HEIGHT;
  const style = String(adaptor.getAttribute(svg, 'style') ?? '');
  const depthPx = -(numbers(/vertical-align:\s*([^;]+)/.exec(style)?.[1])[0] ?? 0) * exPx;
  const heightPx = (numbers(adaptor.getAttribute(svg, 'height'))[0] ?? 0) * exPx;
  const minPx = (numbers(/min-width:\s*([^;]+)/.exec(style)?.[1])[0] ?? 0) * exPx;
  const widthPx = Math.max(containerPx, minPx);
  if (!(heightPx > 0)) throw new FormulaTypesetError('no size');
  const above = heightPx - depthPx;
  const viewport = { width: widthPx, height: heightPx };
  return {
    width: widthPx / EM_PX,
    height: above / EM_PX,
    depth: depthPx / EM_PX,
    left: 0,
    unitsPerEm: EM_PX,
    // The viewport's top is y = 0: the baseline is moved to 0, as every box has it.
    root: { kind: 'group', transform: [1, 0, 0, 1, 0, -above], children: shapesOf(svg, INHERITED, viewport) },
  };
}

/** MathJax's report of a broken formula (an merror node), or null. */
function firstError(node: LiteElement): string | null {
  const message = adaptor.getAttribute(node, 'data-mjx-error');
  if (message) return message;
  for (const child of adaptor.childNodes(node)) {
    if (adaptor.kind(child) === '#text' || adaptor.kind(child) === '#comment') continue;
    const found = firstError(child as LiteElement);
    if (found !== null) return found;
  }
  return null;
}

interface Inherited {
  fill: MathPaint;
  stroke: MathPaint;
  strokeWidth: number;
}

const INHERITED: Inherited = { fill: 'current', stroke: null, strokeWidth: 0 };

const numbers = (value: unknown): number[] =>
  typeof value === 'string'
    ? (value.match(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi) ?? []).map(Number).filter(Number.isFinite)
    : [];

const num = (node: LiteElement, name: string, fallback = 0): number =>
  numbers(adaptor.getAttribute(node, name))[0] ?? fallback;

function paintOf(value: unknown, inherited: MathPaint): MathPaint {
  if (typeof value !== 'string' || value === '') return inherited;
  const v = value.trim();
  if (v === 'none' || v === 'transparent') return null;
  if (v === 'currentColor') return 'current';
  // A named colour (\color{red}) PDFKit knows; #rgb and rgb() as the text's colours are read.
  if (/^[a-z]+$/i.test(v)) return v.toLowerCase();
  return cssColor(v, inherited === 'current' || inherited === null ? '#111111' : inherited);
}

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** An SVG transform list (translate, scale, matrix, rotate, skewX/Y) as one matrix; undefined when none. */
export function parseTransform(value: unknown): Matrix | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  let out = IDENTITY;
  for (const [, name, args] of value.matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const a = numbers(args);
    let m: Matrix | undefined;
    switch (name) {
      case 'translate':
        m = [1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0];
        break;
      case 'scale':
        m = [a[0] ?? 1, 0, 0, a[1] ?? a[0] ?? 1, 0, 0];
        break;
      case 'matrix':
        if (a.length === 6) m = a as unknown as Matrix;
        break;
      case 'rotate': {
        const r = ((a[0] ?? 0) * Math.PI) / 180;
        const [cx, cy] = [a[1] ?? 0, a[2] ?? 0];
        m = multiply(
          multiply([1, 0, 0, 1, cx, cy], [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]),
          [1, 0, 0, 1, -cx, -cy],
        );
        break;
      }
      case 'skewX':
        m = [1, 0, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
        break;
      case 'skewY':
        m = [1, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
        break;
    }
    if (m) out = multiply(out, m);
  }
  return out;
}

/**
 * Path data in absolute M, L, C and Z only. MathJax's glyphs are drawn with quadratic curves (Q, T);
 * PDFKit's path reader writes a quadratic as a cubic with a wrong control point and mirrors T's from the
 * wrong one, which bends the glyphs visibly, so the curves are made exact cubics here. Commands it does not
 * know (arcs: MathJax's glyphs have none) end the path there.
 */
export function cubicPath(d: string): string {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const out: string[] = [];
  let i = 0;
  let command = '';
  let [x, y, startX, startY] = [0, 0, 0, 0];
  // The last curve's control point, for S and T to mirror (null after any other command).
  let cubicControl: [number, number] | null = null;
  let quadControl: [number, number] | null = null;
  const nextNumber = () => {
    const token = tokens[i];
    if (token === undefined || /[a-zA-Z]/.test(token)) throw new Error('short');
    i++;
    return Number(token);
  };
  const fmt = (n: number) => String(Math.round(n * 1000) / 1000);
  const cubic = (x1: number, y1: number, x2: number, y2: number, ex: number, ey: number) => {
    out.push(`C${fmt(x1)} ${fmt(y1)} ${fmt(x2)} ${fmt(y2)} ${fmt(ex)} ${fmt(ey)}`);
    cubicControl = [x2, y2];
    [x, y] = [ex, ey];
  };
  const quad = (qx: number, qy: number, ex: number, ey: number) => {
    cubic(
      x + (2 / 3) * (qx - x),
      y + (2 / 3) * (qy - y),
      ex + (2 / 3) * (qx - ex),
      ey + (2 / 3) * (qy - ey),
      ex,
      ey,
    );
    quadControl = [qx, qy];
    cubicControl = null;
  };
  try {
    while (i < tokens.length) {
      const token = tokens[i] as string;
      if (/[a-zA-Z]/.test(token)) {
        command = token;
        i++;
      } else if (!command) break;
      const rel = command === command.toLowerCase();
      const ox = rel ? x : 0;
      const oy = rel ? y : 0;
      const wasQuad = quadControl;
      const wasCubic = cubicControl;
      quadControl = null;
      cubicControl = null;
      switch (command.toUpperCase()) {
        case 'M':
          [x, y] = [ox + nextNumber(), oy + nextNumber()];
          [startX, startY] = [x, y];
          out.push(`M${fmt(x)} ${fmt(y)}`);
          // Pairs after a moveto are linetos.
          command = rel ? 'l' : 'L';
          break;
        case 'L':
          [x, y] = [ox + nextNumber(), oy + nextNumber()];
          out.push(`L${fmt(x)} ${fmt(y)}`);
          break;
        case 'H':
          x = ox + nextNumber();
          out.push(`L${fmt(x)} ${fmt(y)}`);
          break;
        case 'V':
          y = oy + nextNumber();
          out.push(`L${fmt(x)} ${fmt(y)}`);
          break;
        case 'C':
          cubic(
            ox + nextNumber(),
            oy + nextNumber(),
            ox + nextNumber(),
            oy + nextNumber(),
            ox + nextNumber(),
            oy + nextNumber(),
          );
          break;
        case 'S': {
          const [x1, y1] = wasCubic ? [2 * x - wasCubic[0], 2 * y - wasCubic[1]] : [x, y];
          cubic(x1, y1, ox + nextNumber(), oy + nextNumber(), ox + nextNumber(), oy + nextNumber());
          break;
        }
        case 'Q':
          quad(ox + nextNumber(), oy + nextNumber(), ox + nextNumber(), oy + nextNumber());
          break;
        case 'T': {
          const [qx, qy] = wasQuad ? [2 * x - wasQuad[0], 2 * y - wasQuad[1]] : [x, y];
          quad(qx, qy, ox + nextNumber(), oy + nextNumber());
          break;
        }
        case 'Z':
          out.push('Z');
          [x, y] = [startX, startY];
          command = '';
          break;
        default:
          throw new Error('unsupported');
      }
    }
  } catch {
    // A path cut short or with an arc: what was read is drawn.
  }
  return out.join('');
}

/** A shape's outline as path data: rectangles, lines, polygons and ellipses become paths. */
function outlineOf(node: LiteElement, kind: string): string | null {
  switch (kind) {
    case 'path': {
      const d = adaptor.getAttribute(node, 'd');
      return typeof d === 'string' && d.trim() ? cubicPath(d) : null;
    }
    case 'rect': {
      const [x, y, w, h] = [num(node, 'x'), num(node, 'y'), num(node, 'width'), num(node, 'height')];
      return w > 0 && h > 0 ? `M${x} ${y}H${x + w}V${y + h}H${x}Z` : null;
    }
    case 'line':
      return `M${num(node, 'x1')} ${num(node, 'y1')}L${num(node, 'x2')} ${num(node, 'y2')}`;
    case 'polygon':
    case 'polyline': {
      const p = numbers(adaptor.getAttribute(node, 'points'));
      if (p.length < 4) return null;
      let d = `M${p[0]} ${p[1]}`;
      for (let i = 2; i + 1 < p.length; i += 2) d += `L${p[i]} ${p[i + 1]}`;
      return kind === 'polygon' ? `${d}Z` : d;
    }
    case 'ellipse':
    case 'circle': {
      const [cx, cy] = [num(node, 'cx'), num(node, 'cy')];
      const rx = kind === 'circle' ? num(node, 'r') : num(node, 'rx');
      const ry = kind === 'circle' ? rx : num(node, 'ry');
      if (!(rx > 0 && ry > 0)) return null;
      // Four cubic quarters (κ: the control distance that best matches a circle's quarter).
      const k = 0.5522847498;
      const [kx, ky] = [rx * k, ry * k];
      return (
        `M${cx + rx} ${cy}C${cx + rx} ${cy + ky} ${cx + kx} ${cy + ry} ${cx} ${cy + ry}` +
        `C${cx - kx} ${cy + ry} ${cx - rx} ${cy + ky} ${cx - rx} ${cy}` +
        `C${cx - rx} ${cy - ky} ${cx - kx} ${cy - ry} ${cx} ${cy - ry}` +
        `C${cx + kx} ${cy - ry} ${cx + rx} ${cy - ky} ${cx + rx} ${cy}Z`
      );
    }
    default:
      return null;
  }
}

/** The outermost viewport's size, which a nested svg without a size of its own fills (a tagged equation's). */
interface Viewport {
  width: number;
  height: number;
}

const NO_VIEWPORT: Viewport | undefined = undefined;

function shapesOf(node: LiteElement, inherited: Inherited, viewport: Viewport | undefined): MathShape[] {
  const out: MathShape[] = [];
  for (const childNode of adaptor.childNodes(node) as LiteNode[]) {
    const kind = adaptor.kind(childNode);
    if (kind === '#text' || kind === '#comment') continue;
    const child = childNode as LiteElement;
    const style: Inherited = {
      fill: paintOf(adaptor.getAttribute(child, 'fill'), inherited.fill),
      stroke: paintOf(adaptor.getAttribute(child, 'stroke'), inherited.stroke),
      strokeWidth: numbers(adaptor.getAttribute(child, 'stroke-width'))[0] ?? inherited.strokeWidth,
    };
    const transform = parseTransform(adaptor.getAttribute(child, 'transform'));
    const wrap = (shapes: MathShape[]): MathShape =>
      transform ? { kind: 'group', transform, children: shapes } : { kind: 'group', children: shapes };
    switch (kind) {
      case 'g':
      case 'a':
        out.push(wrap(shapesOf(child, style, viewport)));
        break;
      case 'svg':
        out.push(nestedSvg(child, style, viewport));
        break;
      case 'text': {
        const text = adaptor.textContent(child);
        if (!text) break;
        const at: Matrix = [1, 0, 0, 1, num(child, 'x'), num(child, 'y')];
        out.push({
          kind: 'group',
          transform: transform ? multiply(transform, at) : at,
          children: [
            {
              kind: 'text',
              text,
              size: num(child, 'font-size', 1000),
              bold: adaptor.getAttribute(child, 'font-weight') === 'bold',
              fill: style.fill,
            },
          ],
        });
        break;
      }
      default: {
        const d = outlineOf(child, kind);
        if (!d) break;
        const strokes = style.stroke !== null && style.strokeWidth > 0;
        const path: MathShape = {
          kind: 'path',
          d,
          // A line has no inside.
          fill: kind === 'line' || kind === 'polyline' ? null : style.fill,
          stroke: strokes ? style.stroke : null,
          strokeWidth: strokes ? style.strokeWidth : 0,
        };
        out.push(transform ? wrap([path]) : path);
      }
    }
  }
  return out;
}

/**
 * A nested svg (a stretched delimiter's middle, an equation's table): its viewBox mapped onto its viewport
 * (uniform scale, centred, as SVG's default preserveAspectRatio does), and clipped to it.
 */
function nestedSvg(node: LiteElement, style: Inherited, viewport: Viewport | undefined): MathGroup {
  const children = shapesOf(node, style, viewport);
  const [vx, vy, vw, vh] = numbers(adaptor.getAttribute(node, 'viewBox'));
  const x = num(node, 'x');
  const y = num(node, 'y');
  const sized =
    adaptor.getAttribute(node, 'width') !== undefined && adaptor.getAttribute(node, 'width') !== null;
  const width = sized ? numbers(adaptor.getAttribute(node, 'width'))[0] : viewport?.width;
  const height = sized ? numbers(adaptor.getAttribute(node, 'height'))[0] : viewport?.height;
  if (vx === undefined || vy === undefined || !vw || !vh || width === undefined || height === undefined)
    return { kind: 'group', transform: [1, 0, 0, 1, x, y], children };
  const scale = Math.min(width / vw, height / vh);
  // preserveAspectRatio: xMid (the default), or xMin / xMax (an equation's tag sits at the right).
  const align = String(adaptor.getAttribute(node, 'preserveAspectRatio') ?? 'xMidYMid');
  const free = width - vw * scale;
  const tx = x + (align.startsWith('xMin') ? 0 : align.startsWith('xMax') ? free : free / 2) - vx * scale;
  const ty = y + (height - vh * scale) / 2 - vy * scale;
  return {
    kind: 'group',
    // Only a sized one clips (a stretched delimiter's middle); one filling the viewport has nothing to cut.
    ...(sized ? { clip: { x, y, width, height } } : {}),
    transform: [scale, 0, 0, scale, tx, ty],
    children,
  };
}
