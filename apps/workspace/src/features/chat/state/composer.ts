import { atom } from 'jotai';
import type { RefObject } from 'react';

/** The chat input while the chat page shows, so that a new chat started elsewhere can focus it. */
export const composerInputAtom = atom<RefObject<HTMLTextAreaElement | null> | null>(null);

/** Puts the caret in the chat's input, when the chat page is on screen. */
export const focusComposerAtom = atom(null, (get) => {
  get(composerInputAtom)?.current?.focus();
});
