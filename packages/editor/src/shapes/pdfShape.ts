import type { Item } from '../files/pdf/pagination';
import type { Painter, TextLine } from '../files/pdf/painter';
import { shapeGeometry } from './geometry';
import type { ShapeData } from './shapeModel';

/** px to PDF points. */
const PT = 0.75;

/**
 * A shape as one flow item of the PDF: drawn with PDFKit's vector paths (rect, roundedRect, ellipse, a line
 * and a filled triangle for an arrow's head) from the same geometry as the page's SVG, scaled down to fit
 * the column, with its text laid out inside it (`layoutText` breaks it into lines of a width in points).
 */
export function shapeItem(
  painter: Painter,
  shape: ShapeData,
  maxWidth: number,
  layoutText: (text: string, width: number) => TextLine[],
): Item {
  const g = shapeGeometry(shape);
  const scale = Math.min(PT, maxWidth / Math.max(g.width, 1));
  const height = g.height * scale;
  const area = g.textArea;
  const lines = area && shape.text ? layoutText(shape.text, Math.max(area.width * scale, 12)) : [];
  return {
    height,
    spaceBefore: 6,
    notes: [],
    draw: (x, y) => {
      const { doc } = painter;
      const at = (px: number) => px * scale;
      const strokeWidth = Math.max(shape.strokeWidth, 1) * scale;
      doc.save();
      if (g.body) {
        const { body } = g;
        const bx = x + at(body.x);
        const by = y + at(body.y);
        if (shape.kind === 'ellipse')
          doc.ellipse(
            bx + at(body.width) / 2,
            by + at(body.height) / 2,
            at(body.width) / 2,
            at(body.height) / 2,
          );
        else if (body.radius > 0) doc.roundedRect(bx, by, at(body.width), at(body.height), at(body.radius));
        else doc.rect(bx, by, at(body.width), at(body.height));
        doc.lineWidth(shape.stroke ? shape.strokeWidth * scale : 0);
        if (shape.fill && shape.stroke) doc.fillAndStroke(shape.fill, shape.stroke);
        else if (shape.fill) doc.fill(shape.fill);
        else if (shape.stroke) doc.stroke(shape.stroke);
      }
      if (g.line && shape.stroke) {
        doc
          .lineWidth(strokeWidth)
          .moveTo(x + at(g.line.x1), y + at(g.line.y1))
          .lineTo(x + at(g.line.x2), y + at(g.line.y2))
          .stroke(shape.stroke);
      }
      if (g.head && shape.stroke) {
        doc
          .polygon(...g.head.map(([hx, hy]) => [x + at(hx), y + at(hy)] as [number, number]))
          .fill(shape.stroke);
      }
      doc.restore();
      if (!area || !lines.length) return;
      // The text box's text from its top; a shape's centred in it, as on the page. Lines that do not fit are
      // left out, as the page hides them.
      const left = x + at(area.x);
      const top = y + at(area.y);
      const room = at(area.height);
      const total = lines.reduce((sum, line) => sum + line.height, 0);
      let lineTop = shape.textBox ? top : top + Math.max(0, (room - total) / 2);
      for (const line of lines) {
        if (lineTop + line.height > top + room + 0.5) break;
        painter.drawLine(line, left, lineTop, shape.textBox ? 'left' : 'center', at(area.width));
        lineTop += line.height;
      }
    },
  };
}
