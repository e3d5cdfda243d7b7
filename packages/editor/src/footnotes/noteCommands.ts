import { $getRoot, $getSelection, $isRangeSelection, type LexicalEditor, type LexicalNode } from 'lexical';
import { $isFootnoteNode, type FootnoteNode } from './FootnoteNode';
import { $setNoteFormat } from './noteFormats';
import type { NoteKind, NoteNumberFormat } from './numbering';

/** Every note of the document, in document order. */
export function $allNotes(): FootnoteNode[] {
  const out: FootnoteNode[] = [];
  const visit = (node: LexicalNode) => {
    if ($isFootnoteNode(node)) out.push(node);
    else if ('getChildren' in node && typeof node.getChildren === 'function')
      for (const child of (node as { getChildren(): LexicalNode[] }).getChildren()) visit(child);
  };
  visit($getRoot());
  return out;
}

export const otherKind = (kind: NoteKind): NoteKind => (kind === 'footnote' ? 'endnote' : 'footnote');

/** Turns every note of kind `from` into the other kind (脚注 → 尾注 or back); returns how many. */
export function $convertAllNotes(from: NoteKind): number {
  const notes = $allNotes().filter((note) => note.getKind() === from);
  for (const note of notes) note.setKind(otherKind(from));
  return notes.length;
}

/** Turns one note into the other kind; false when there is no such note. */
export function $convertNote(id: string): boolean {
  const note = $allNotes().find((n) => n.getId() === id);
  if (!note) return false;
  note.setKind(otherKind(note.getKind()));
  return true;
}

/**
 * The note the caret is at: the marker just before or after a collapsed caret, or the one selected text
 * holds. Null when there is none (the dialog's 转换此注释 is then disabled).
 */
export function $noteAtSelection(): FootnoteNode | null {
  const selection = $getSelection();
  if (!selection) return null;
  const nodes = selection.getNodes();
  const inside = nodes.find($isFootnoteNode);
  if (inside) return inside;
  if (!$isRangeSelection(selection) || !selection.isCollapsed()) return null;
  const anchor = selection.anchor;
  const node = anchor.getNode();
  if (anchor.type === 'text') {
    const size = node.getTextContentSize();
    const next = anchor.offset === size ? node.getNextSibling() : null;
    const prev = anchor.offset === 0 ? node.getPreviousSibling() : null;
    if ($isFootnoteNode(next)) return next;
    if ($isFootnoteNode(prev)) return prev;
    return null;
  }
  if ('getChildAtIndex' in node && typeof node.getChildAtIndex === 'function') {
    const element = node as { getChildAtIndex(i: number): LexicalNode | null };
    const before = element.getChildAtIndex(anchor.offset - 1);
    const after = element.getChildAtIndex(anchor.offset);
    if ($isFootnoteNode(before)) return before;
    if ($isFootnoteNode(after)) return after;
  }
  return null;
}

/** What the 脚注和尾注 dialog applies, as one editor update (one step of undo). */
export interface NoteSettingsChange {
  formats?: Partial<Record<NoteKind, NoteNumberFormat>>;
  /** Convert every note of this kind to the other one. */
  convertAll?: NoteKind;
  /** Convert this one note to the other kind. */
  convertId?: string;
}

export function applyNoteSettings(editor: LexicalEditor, change: NoteSettingsChange): void {
  editor.update(
    () => {
      for (const [kind, format] of Object.entries(change.formats ?? {}) as [NoteKind, NoteNumberFormat][])
        $setNoteFormat(kind, format);
      if (change.convertAll) $convertAllNotes(change.convertAll);
      else if (change.convertId) $convertNote(change.convertId);
      // Applied at once: the dialog closes on a document that already shows the change.
    },
    { discrete: true },
  );
}
