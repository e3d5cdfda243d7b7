import { holdsText, type ShapeData } from './shapeModel';

/**
 * Where a shape's parts go inside its box, in px from the box's top left: the page's SVG and the PDF
 * (which scales it to points) draw from the same numbers, so the two agree.
 */
export interface ShapeGeometry {
  /** The box the shape takes in the line (a line's box has room for its stroke and its arrow head). */
  width: number;
  height: number;
  /** A rectangle, rounded rectangle or ellipse: its outline's box (inset by half the border). */
  body?: { x: number; y: number; width: number; height: number; radius: number };
  line?: { x1: number; y1: number; x2: number; y2: number };
  /** An arrow's head: a triangle, its tip first. */
  head?: Array<[number, number]>;
  /** Where the text goes (inside the border, with some padding). */
  textArea?: { x: number; y: number; width: number; height: number };
}

const TEXT_PADDING = 6;

export function shapeGeometry(shape: ShapeData): ShapeGeometry {
  const stroke = shape.stroke ? shape.strokeWidth : 0;
  if (!holdsText(shape.kind)) {
    const lineWidth = Math.max(stroke, 1);
    const headLength = shape.kind === 'arrow' ? 6 + lineWidth * 3 : 0;
    const pad = Math.max(lineWidth, headLength / 2 + 1);
    const x1 = pad;
    const y1 = pad;
    const x2 = pad + shape.width;
    const y2 = pad + shape.height;
    const out: ShapeGeometry = { width: shape.width + 2 * pad, height: shape.height + 2 * pad };
    if (shape.kind !== 'arrow') return { ...out, line: { x1, y1, x2, y2 } };
    // The head's tip at the end; the line stops at the head's base so its square end does not show.
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / length;
    const uy = (y2 - y1) / length;
    const back = Math.min(headLength, length);
    const bx = x2 - ux * back;
    const by = y2 - uy * back;
    const half = back / 2;
    return {
      ...out,
      line: { x1, y1, x2: bx, y2: by },
      head: [
        [x2, y2],
        [bx - uy * half, by + ux * half],
        [bx + uy * half, by - ux * half],
      ],
    };
  }
  const inset = stroke / 2;
  const width = Math.max(0, shape.width - stroke);
  const height = Math.max(0, shape.height - stroke);
  const radius = shape.kind === 'roundRect' ? Math.min(width, height) * 0.16 : 0;
  // An ellipse's text sits in the rectangle inside it (its sides at 1/√2 of the radii).
  const ellipse = shape.kind === 'ellipse';
  const textX = ellipse ? shape.width * 0.15 : stroke + TEXT_PADDING;
  const textY = ellipse ? shape.height * 0.15 : stroke + TEXT_PADDING;
  return {
    width: shape.width,
    height: shape.height,
    body: { x: inset, y: inset, width, height, radius },
    textArea: {
      x: textX,
      y: textY,
      width: Math.max(0, shape.width - 2 * textX),
      height: Math.max(0, shape.height - 2 * textY),
    },
  };
}
