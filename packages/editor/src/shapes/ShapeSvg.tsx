import { shapeGeometry } from './geometry';
import type { ShapeData } from './shapeModel';

/**
 * A shape drawn as SVG, with attributes only (no style attribute: the page's CSP forbids those from
 * markup). The editor's view puts its text over it; the picker draws its icons with it.
 */
export function ShapeSvg({
  shape,
  className,
  label,
}: {
  shape: ShapeData;
  className?: string;
  label?: string;
}) {
  const g = shapeGeometry(shape);
  const stroke = shape.stroke ?? 'none';
  const strokeWidth = shape.stroke ? shape.strokeWidth : 0;
  return (
    <svg
      className={className}
      width={g.width}
      height={g.height}
      viewBox={`0 0 ${g.width} ${g.height}`}
      focusable="false"
      role="img"
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {label ? <title>{label}</title> : null}
      {g.body && shape.kind === 'ellipse' ? (
        <ellipse
          cx={g.body.x + g.body.width / 2}
          cy={g.body.y + g.body.height / 2}
          rx={g.body.width / 2}
          ry={g.body.height / 2}
          fill={shape.fill ?? 'none'}
          stroke={stroke}
          strokeWidth={strokeWidth}
        />
      ) : g.body ? (
        <rect
          x={g.body.x}
          y={g.body.y}
          width={g.body.width}
          height={g.body.height}
          rx={g.body.radius}
          fill={shape.fill ?? 'none'}
          stroke={stroke}
          strokeWidth={strokeWidth}
        />
      ) : null}
      {g.line ? (
        <line
          x1={g.line.x1}
          y1={g.line.y1}
          x2={g.line.x2}
          y2={g.line.y2}
          stroke={stroke}
          strokeWidth={Math.max(strokeWidth, 1)}
        />
      ) : null}
      {g.head ? <polygon points={g.head.map(([x, y]) => `${x},${y}`).join(' ')} fill={stroke} /> : null}
    </svg>
  );
}
