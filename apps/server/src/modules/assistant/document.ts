/**
 * What the assistant's model is told about the document: the document as Markdown, cut to the budget
 * around the selection or the caret when it is too long (and a note saying how), and the selection.
 */
import { messages } from '../../i18n/zh-CN';
import { estimateTokens } from '../models/tokens';

const m = messages.assistant;

/** The tokens of document a question may carry: room for the answer and the history stays in any model. */
export const DOCUMENT_BUDGET_TOKENS = 12_000;

export interface DocumentExcerpt {
  text: string;
  /** How the document was cut, for the model and the client; null when it is given whole. */
  note: string | null;
}

interface Block {
  start: number;
  end: number;
  tokens: number;
}

/** The document's paragraphs (blank-line separated), with their offsets, so a cut never splits one. */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  const separator = /\n\s*\n/g;
  let start = 0;
  for (let match = separator.exec(markdown); match; match = separator.exec(markdown)) {
    const end = match.index + match[0].length;
    blocks.push({ start, end, tokens: estimateTokens(markdown.slice(start, end)) });
    start = end;
  }
  if (start < markdown.length)
    blocks.push({ start, end: markdown.length, tokens: estimateTokens(markdown.slice(start)) });
  return blocks;
}

/**
 * The document within `budget` tokens. A longer one keeps the paragraphs around `focus` (the selection or
 * the caret), growing the window one paragraph before and one after in turn; a paragraph longer than the
 * whole budget is cut by characters around the focus.
 */
export function cutDocument(
  markdown: string,
  options: { focus?: number | undefined; hasSelection: boolean; budget?: number },
): DocumentExcerpt {
  const budget = options.budget ?? DOCUMENT_BUDGET_TOKENS;
  const total = Array.from(markdown).length;
  if (estimateTokens(markdown) <= budget) return { text: markdown, note: null };
  const focus = Math.min(Math.max(0, options.focus ?? 0), markdown.length);
  const blocks = blocksOf(markdown);
  let center = blocks.findIndex((block) => focus < block.end);
  if (center < 0) center = blocks.length - 1;
  let first = center;
  let last = center;
  let used = blocks[center]?.tokens ?? 0;
  let start: number;
  let end: number;
  if (used > budget) {
    // One paragraph longer than the budget: characters around the focus (one token is at least one).
    const half = Math.floor(budget / 2);
    start = Math.max(0, focus - half);
    end = Math.min(markdown.length, start + budget);
  } else {
    let grew = true;
    while (grew) {
      grew = false;
      const before = blocks[first - 1];
      if (before && used + before.tokens <= budget) {
        first -= 1;
        used += before.tokens;
        grew = true;
      }
      const after = blocks[last + 1];
      if (after && used + after.tokens <= budget) {
        last += 1;
        used += after.tokens;
        grew = true;
      }
    }
    start = blocks[first]?.start ?? 0;
    end = blocks[last]?.end ?? markdown.length;
  }
  const from = Array.from(markdown.slice(0, start)).length;
  const to = from + Array.from(markdown.slice(start, end)).length;
  const anchor = options.hasSelection ? m.anchorSelection : m.anchorCaret;
  const note = m.documentCut(total, anchor, from + 1, to);
  const text = [
    start > 0 ? m.omittedBefore : '',
    markdown.slice(start, end).trim(),
    end < markdown.length ? m.omittedAfter : '',
  ]
    .filter((part) => part !== '')
    .join('\n\n');
  return { text, note };
}

/** The system message: the assistant's role, the document (or its excerpt) and the selection. */
export function systemPrompt(excerpt: DocumentExcerpt, selection: string): string {
  const parts = [m.systemRole];
  if (excerpt.text.trim() === '') parts.push(m.emptyDocument);
  else {
    parts.push(excerpt.note ? `${m.documentIntro}（${excerpt.note}）：` : `${m.documentIntro}：`);
    parts.push(`<document>\n${excerpt.text}\n</document>`);
  }
  if (selection.trim() !== '') parts.push(`${m.selectionIntro}：\n<selection>\n${selection}\n</selection>`);
  return parts.join('\n\n');
}
