import { createContext, useContext } from 'react';

export interface FootnoteContextValue {
  /** id → number by vertical order, among the notes of its kind. */
  numbers: ReadonlyMap<string, number>;
  /** id → the number as shown, in its kind's number style (①, 1, i, *). */
  markers: ReadonlyMap<string, string>;
  activeId: string | null;
  setActive(id: string | null): void;
  /** Focus this note's text box as soon as it exists (a footnote just inserted). */
  focusWhenReady(id: string): void;
}

export const FootnoteContext = createContext<FootnoteContextValue>({
  numbers: new Map(),
  markers: new Map(),
  activeId: null,
  setActive: () => {},
  focusWhenReady: () => {},
});

export const useFootnotes = () => useContext(FootnoteContext);
