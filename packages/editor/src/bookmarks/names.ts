/**
 * Bookmark names (书签名), checked as Word checks them: a name starts with a letter (Latin or CJK), holds
 * only letters, digits and underscores (no spaces or punctuation, which Word's fields cannot quote), is at
 * most 40 characters long and is unique in the document. Names that start with an underscore are the
 * document's own: the editor makes them to anchor a reference to a heading, as Word's `_Ref…` ones, and
 * neither lists nor shows them.
 */

/** Word's limit on a bookmark's name. */
export const BOOKMARK_NAME_MAX = 40;

/** A reference's result is cut to this length: a bookmark around a whole chapter is not shown whole. */
export const REFERENCE_TEXT_MAX = 200;

const FIRST = /^[\p{L}]/u;
const ALLOWED = /^[\p{L}\p{N}_]+$/u;

export type BookmarkNameProblem = 'empty' | 'tooLong' | 'badStart' | 'space' | 'badChar' | 'taken';

/** What is wrong with a name the user typed, or null when it can be a new bookmark's name. */
export function bookmarkNameProblem(name: string, taken: Iterable<string> = []): BookmarkNameProblem | null {
  if (name.length === 0) return 'empty';
  if ([...name].length > BOOKMARK_NAME_MAX) return 'tooLong';
  if (/\s/u.test(name)) return 'space';
  if (!FIRST.test(name)) return 'badStart';
  if (!ALLOWED.test(name)) return 'badChar';
  const lower = name.toLowerCase();
  // Word treats names that differ only in case as the same bookmark.
  for (const other of taken) if (other.toLowerCase() === lower) return 'taken';
  return null;
}

/** The editor's own bookmarks (heading anchors) start with an underscore and are not the user's. */
export const isHiddenBookmark = (name: string) => name.startsWith('_');

/** A fresh name for a heading's anchor, `_Ref` and nine digits as Word makes them, unused in `taken`. */
export function headingAnchorName(taken: ReadonlySet<string>, random = Math.random): string {
  for (;;) {
    const name = `_Ref${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
    if (!taken.has(name)) return name;
  }
}

/** A name read from a file, made acceptable: Word's names pass; others lose what the rules forbid. */
export function cleanImportedName(name: string): string {
  const cleaned = [...name.replace(/[^\p{L}\p{N}_]/gu, '')].slice(0, BOOKMARK_NAME_MAX).join('');
  return cleaned;
}
