/**
 * A shape's data, apart from Lexical and React so that the converters (DOCX, PDF, Markdown) and the node
 * share one reading of it: its kind, size, colours and text, each bounded, and what a saved or imported
 * value that is out of bounds becomes.
 */

export const SHAPE_KINDS = ['rect', 'roundRect', 'ellipse', 'line', 'arrow'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

/** The node's type in the editor state. */
export const SHAPE_TYPE = 'shape';

/** Size bounds (px): a shape is at least big enough to grab and at most about a page. */
export const SHAPE_MIN_SIZE = 8;
export const SHAPE_MAX_SIZE = 1200;
/** A line or an arrow may be flat: its height is at least this. */
export const SHAPE_MIN_LINE_HEIGHT = 0;
export const SHAPE_MAX_STROKE = 20;
export const SHAPE_TEXT_MAX = 2000;

export interface ShapeData {
  kind: ShapeKind;
  /** px */
  width: number;
  /** px */
  height: number;
  /** #rrggbb, or null: no fill. */
  fill: string | null;
  /** #rrggbb, or null: no border. */
  stroke: string | null;
  /** px, 0–SHAPE_MAX_STROKE. */
  strokeWidth: number;
  /** Plain text inside (never for a line or an arrow). */
  text: string;
  /** A 文本框: a rectangle whose purpose is its text. */
  textBox: boolean;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** Whether a kind holds text (a line and an arrow do not). */
export const holdsText = (kind: ShapeKind) => kind !== 'line' && kind !== 'arrow';

export const isShapeKind = (value: unknown): value is ShapeKind =>
  typeof value === 'string' && (SHAPE_KINDS as readonly string[]).includes(value);

const clamp = (n: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, n)));

export function clampShapeSize(
  kind: ShapeKind,
  width: number,
  height: number,
): { width: number; height: number } {
  const minHeight = holdsText(kind) ? SHAPE_MIN_SIZE : SHAPE_MIN_LINE_HEIGHT;
  return {
    width: clamp(Number.isFinite(width) ? width : SHAPE_MIN_SIZE, SHAPE_MIN_SIZE, SHAPE_MAX_SIZE),
    height: clamp(Number.isFinite(height) ? height : minHeight, minHeight, SHAPE_MAX_SIZE),
  };
}

/** Text bounded to SHAPE_TEXT_MAX characters (code points, so a character is never cut in half). */
export function boundShapeText(text: string): string {
  const chars = Array.from(text.replace(/\r\n?/g, '\n'));
  return chars.length > SHAPE_TEXT_MAX ? chars.slice(0, SHAPE_TEXT_MAX).join('') : chars.join('');
}

const color = (value: unknown, fallback: string | null): string | null =>
  value === null ? null : typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : fallback;

/** What each kind looks like when it is inserted. */
export function defaultShape(kind: ShapeKind): ShapeData {
  switch (kind) {
    case 'line':
    case 'arrow':
      return {
        kind,
        width: 160,
        height: 0,
        fill: null,
        stroke: '#1f4e99',
        strokeWidth: 2,
        text: '',
        textBox: false,
      };
    case 'ellipse':
      return {
        kind,
        width: 140,
        height: 90,
        fill: '#c6e0ff',
        stroke: '#1f4e99',
        strokeWidth: 1,
        text: '',
        textBox: false,
      };
    default:
      return {
        kind,
        width: 160,
        height: 90,
        fill: '#c6e0ff',
        stroke: '#1f4e99',
        strokeWidth: 1,
        text: '',
        textBox: false,
      };
  }
}

/** A 文本框: no fill, a thin dark border, room for a line or two of text. */
export function defaultTextBox(): ShapeData {
  return {
    kind: 'rect',
    width: 240,
    height: 80,
    fill: null,
    stroke: '#595959',
    strokeWidth: 1,
    text: '',
    textBox: true,
  };
}

/**
 * Any value (a saved document, an imported file, a paste) read as a shape: an unknown kind is a rectangle,
 * sizes and widths are clamped, a colour that is not #rrggbb is the kind's default, and text is bounded
 * (and dropped for a line or an arrow).
 */
export function normalizeShape(raw: Partial<Record<keyof ShapeData, unknown>>): ShapeData {
  const kind = isShapeKind(raw.kind) ? raw.kind : 'rect';
  const textBox = raw.textBox === true && kind === 'rect';
  const base = textBox ? defaultTextBox() : defaultShape(kind);
  const size = clampShapeSize(
    kind,
    typeof raw.width === 'number' ? raw.width : base.width,
    typeof raw.height === 'number' ? raw.height : base.height,
  );
  const strokeWidth =
    typeof raw.strokeWidth === 'number' && Number.isFinite(raw.strokeWidth)
      ? Math.min(SHAPE_MAX_STROKE, Math.max(0, Math.round(raw.strokeWidth * 4) / 4))
      : base.strokeWidth;
  return {
    kind,
    ...size,
    fill: holdsText(kind) ? color(raw.fill, base.fill) : null,
    stroke: color(raw.stroke, base.stroke) ?? (holdsText(kind) ? null : base.stroke),
    strokeWidth: !holdsText(kind) && strokeWidth === 0 ? base.strokeWidth : strokeWidth,
    text: holdsText(kind) && typeof raw.text === 'string' ? boundShapeText(raw.text) : '',
    textBox,
  };
}

/** The text a shape gives where only text fits (Markdown, plain text): its lines, or nothing. */
export const shapeText = (shape: Pick<ShapeData, 'text'>): string => shape.text.trim();
