/**
 * A typeset formula as the PDF draws it: vector outlines in the units of MathJax's SVG output (`unitsPerEm`
 * to the em, y downwards, the baseline at y = 0), with its box in ems. Plain data, so the layout measures it without
 * the maths engine, and the painter draws it with PDFKit's path operators.
 */

/** An affine transform, as SVG's matrix(a b c d e f). */
export type Matrix = readonly [number, number, number, number, number, number];

/** A colour: a #rrggbb, `current` (the text's colour) or none. */
export type MathPaint = string | 'current' | null;

export interface MathPath {
  kind: 'path';
  /** SVG path data (PDFKit's `path` reads it). */
  d: string;
  fill: MathPaint;
  stroke: MathPaint;
  strokeWidth: number;
}

/** Text the maths fonts have no glyph for (\text{中文}): set in the document's face, `size` units high. */
export interface MathText {
  kind: 'text';
  text: string;
  size: number;
  bold: boolean;
  fill: MathPaint;
}

export interface MathGroup {
  kind: 'group';
  transform?: Matrix;
  /** A clipping rectangle in the units around the group, applied before its transform. */
  clip?: { x: number; y: number; width: number; height: number };
  children: MathShape[];
}

export type MathShape = MathPath | MathText | MathGroup;

export interface MathBox {
  /** Width, height above the baseline and depth below it, in ems of the formula's font size. */
  width: number;
  height: number;
  depth: number;
  /** The left edge of the box in drawing units (the SVG viewBox's x). */
  left: number;
  /** Drawing units to the em: 1000 (MathJax's font units), or 16 for a tagged equation (pixels). */
  unitsPerEm: number;
  root: MathGroup;
}

/** A formula waiting to be typeset, and its box once it is (absent: it prints as its LaTeX source). */
export interface FormulaSlot {
  tex: string;
  math?: MathBox;
}
