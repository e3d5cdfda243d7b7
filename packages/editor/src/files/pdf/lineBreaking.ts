/// <reference path="./linebreak.d.ts" />
import LineBreaker from 'linebreak';

/**
 * Breaks a paragraph of styled pieces into lines of a given width.
 *
 * Where a line may break comes from UAX #14 (the `linebreak` package, which PDFKit itself uses): it allows a
 * break between any two Han characters and forbids one before closing punctuation (，。、；：？！」』）》…) and
 * after opening punctuation (「『（《), which is the Chinese 禁则 (kinsoku). The breaks are computed over the
 * whole paragraph, not run by run, so a comma right after bold text still never starts a line. Only the
 * greedy fill and the fallback for a piece wider than a line are ours: PDFKit's own wrapper works per
 * `text()` call and cannot see across runs of different fonts.
 */

/** Characters no line may start with, for the fallback that splits an over-wide piece by characters. */
export const NO_LINE_START = new Set(Array.from('，。、；：？！」』）》〉】〕〗”’…‥·・〃々ー%‰,.;:?!)]}'));

export interface Fragment<S> {
  text: string;
  style: S;
}

export interface LinePiece<S> {
  text: string;
  style: S;
  width: number;
}

export interface Line<S> {
  pieces: LinePiece<S>[];
  /** The line's width without the spaces at its end. */
  width: number;
}

/** A run of text that may not be broken inside (between two break opportunities), in style pieces. */
interface Unit<S> {
  parts: LinePiece<S>[];
  width: number;
  /** Its width without trailing spaces. */
  visibleWidth: number;
  required: boolean;
}

const TRAILING_SPACE = /[\s\u3000]+$/;

export function breakLines<S>(
  fragments: readonly Fragment<S>[],
  width: number,
  firstLineIndent: number,
  measure: (style: S, text: string) => number,
): Line<S>[] {
  const text = fragments.map((f) => f.text).join('');
  if (text === '') return [{ pieces: [], width: 0 }];
  // Which fragment each UTF-16 offset belongs to.
  const starts: number[] = [];
  let offset = 0;
  for (const fragment of fragments) {
    starts.push(offset);
    offset += fragment.text.length;
  }
  const unitOf = (from: number, to: number, required: boolean): Unit<S> => {
    const parts: LinePiece<S>[] = [];
    for (let i = 0; i < fragments.length; i++) {
      const fragment = fragments[i] as Fragment<S>;
      const start = starts[i] as number;
      const end = start + fragment.text.length;
      if (end <= from || start >= to) continue;
      const slice = fragment.text.slice(Math.max(from, start) - start, Math.min(to, end) - start);
      const clean = slice.replace(/\n/g, '');
      if (clean) parts.push({ text: clean, style: fragment.style, width: measure(fragment.style, clean) });
    }
    const total = parts.reduce((sum, p) => sum + p.width, 0);
    const last = parts.at(-1);
    let visibleWidth = total;
    if (last && TRAILING_SPACE.test(last.text)) {
      const trimmed = last.text.replace(TRAILING_SPACE, '');
      visibleWidth = total - last.width + (trimmed ? measure(last.style, trimmed) : 0);
    }
    return { parts, width: total, visibleWidth, required };
  };

  const lines: Line<S>[] = [];
  let current: LinePiece<S>[] = [];
  let used = 0;
  let visible = 0;
  const limit = () => width - (lines.length === 0 ? firstLineIndent : 0);
  const push = (parts: LinePiece<S>[], w: number, vis: number) => {
    for (const part of parts) {
      const previous = current.at(-1);
      if (previous && previous.style === part.style) {
        previous.text += part.text;
        previous.width += part.width;
      } else current.push({ ...part });
    }
    visible = used + vis;
    used += w;
  };
  const endLine = () => {
    const pieces = current;
    const last = pieces.at(-1);
    if (last && TRAILING_SPACE.test(last.text)) {
      last.text = last.text.replace(TRAILING_SPACE, '');
      if (last.text === '') pieces.pop();
    }
    lines.push({ pieces, width: visible });
    current = [];
    used = 0;
    visible = 0;
  };

  const breaker = new LineBreaker(text);
  let last = 0;
  for (let brk = breaker.nextBreak(); brk; brk = breaker.nextBreak()) {
    const unit = unitOf(last, brk.position, brk.required);
    last = brk.position;
    if (used + unit.visibleWidth > limit() && current.length > 0) endLine();
    if (unit.visibleWidth > limit()) {
      splitWide(unit, limit, push, endLine, measure);
    } else push(unit.parts, unit.width, unit.visibleWidth);
    if (unit.required) endLine();
  }
  if (current.length > 0 || lines.length === 0) endLine();
  return lines;
}

/**
 * A piece wider than a whole line (a long URL, a word with no break opportunity) is cut between
 * characters; a character that may not start a line stays at the end of the line before it.
 */
function splitWide<S>(
  unit: Unit<S>,
  limit: () => number,
  push: (parts: LinePiece<S>[], w: number, vis: number) => void,
  endLine: () => void,
  measure: (style: S, text: string) => number,
): void {
  let lineWidth = 0;
  for (const part of unit.parts) {
    for (const char of Array.from(part.text)) {
      const w = measure(part.style, char);
      if (lineWidth + w > limit() && lineWidth > 0 && !NO_LINE_START.has(char)) {
        endLine();
        lineWidth = 0;
      }
      push([{ text: char, style: part.style, width: w }], w, /\s/.test(char) ? 0 : w);
      lineWidth += w;
    }
  }
}
