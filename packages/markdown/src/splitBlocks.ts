/**
 * Splits Markdown into its top-level blocks so that a streaming answer re-renders only its last block:
 * every finished block keeps the same text, so its memoized renderer is skipped.
 *
 * A line scanner, not a parser: it runs on every animation frame over the whole answer, so it must stay
 * linear and cheap (a 20,000-character answer splits in well under a millisecond). It only cuts where
 * cutting cannot change the rendering:
 * - never inside a fenced code block (``` or ~~~, closed by a fence of the same character at least as long)
 *   or a display-maths block (`$$` on a line of its own, closed the same way: remark-math's flow maths);
 * - at a blank line only once the next non-blank line is known, and only if that line starts at column 0
 *   (an indented line continues a list item, or is indented code that must stay with its context);
 * - not between the items of one list (a loose list stays one <ol>, keeping its numbering and spacing).
 * Trailing blank lines stay with the block before them, and an unfinished last line that may still become
 * a list marker (`2` of `2.`) defers the cut, so a block other than the last one never changes.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,}|\${2,})/;
const LIST_ITEM = /^ {0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;
/** The start of a line that may still turn into an ordered-list marker once more characters arrive. */
const MAYBE_ORDERED = /^ {0,3}\d{1,9}$/;

export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let blockStart = 0;
  let blockIsList = false;
  let atBlockStart = true;
  /** The open fence's character and length, while inside a fenced code block. */
  let fence: { char: string; length: number } | null = null;
  /** Offset just after the last blank line run that may end the current block; -1 when none pending. */
  let pendingCut = -1;

  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    const next = lineEnd === -1 ? text.length : lineEnd + 1;
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);

    if (fence) {
      const match = FENCE.exec(line);
      if (
        match?.[1] &&
        match[1][0] === fence.char &&
        match[1].length >= fence.length &&
        BLANK.test(line.slice(match[0].length))
      ) {
        fence = null;
      }
    } else if (BLANK.test(line)) {
      if (!atBlockStart) pendingCut = next;
    } else {
      if (pendingCut !== -1) {
        const continues =
          line[0] === ' ' ||
          line[0] === '\t' ||
          (blockIsList && (LIST_ITEM.test(line) || (lineEnd === text.length && MAYBE_ORDERED.test(line))));
        if (!continues) {
          blocks.push(text.slice(blockStart, pendingCut));
          blockStart = pendingCut;
          atBlockStart = true;
        }
        pendingCut = -1;
      }
      if (atBlockStart) {
        blockIsList = LIST_ITEM.test(line);
        atBlockStart = false;
      }
      const match = FENCE.exec(line);
      if (match?.[1]) {
        // A backtick fence's info string may not contain a backtick (CommonMark 4.5), else it is inline code;
        // likewise `$$ x $$` on one line is inline maths, not the opening of a maths block.
        const info = line.slice(match[0].length);
        const char = match[1][0] as string;
        if (char === '~' || !info.includes(char)) {
          fence = { char, length: match[1].length };
        }
      }
    }
    lineStart = next;
  }
  if (blockStart < text.length) blocks.push(text.slice(blockStart));
  return blocks;
}

/**
 * A splitter for one streaming answer that re-scans only its last block. An answer only ever grows at its
 * end and a finished block never changes (see above), so when the new text extends the previous one, the
 * finished blocks are kept as they were and the scan resumes where the last block began, in the state a
 * block starts in. Scanning the whole answer on every frame made a 20,000-character answer allocate a
 * string per line per frame, and the garbage collector's pauses were the slowest frames while streaming.
 */
export function createBlockSplitter(): (text: string) => readonly string[] {
  let lastText = '';
  let blocks: readonly string[] = [];
  return (text) => {
    if (text === lastText) return blocks;
    const tail = blocks.at(-1);
    if (tail !== undefined && text.startsWith(lastText)) {
      const tailStart = lastText.length - tail.length;
      blocks = blocks.slice(0, -1).concat(splitMarkdownBlocks(text.slice(tailStart)));
    } else {
      blocks = splitMarkdownBlocks(text);
    }
    lastText = text;
    return blocks;
  };
}
