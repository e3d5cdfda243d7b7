import { atom } from 'jotai';

/**
 * The question being edited and its text so far, one at a time. Kept outside the row: the conversation
 * is virtualized, so a row scrolled far out of view unmounts, and the edit must still be there when it
 * comes back (as the chat's input keeps its draft while an answer streams). `justOpened`: the editor takes
 * the caret when it opens, not each time its row comes back into view.
 */
export const questionEditAtom = atom<{ id: string; text: string; justOpened: boolean } | null>(null);
