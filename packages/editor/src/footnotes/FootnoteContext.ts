import { createContext, useContext } from 'react';

export interface FootnoteContextValue {
  /** id → number by vertical order. */
  numbers: ReadonlyMap<string, number>;
  activeId: string | null;
  setActive(id: string | null): void;
  /** Focus this note's text box as soon as it exists (a footnote just inserted). */
  focusWhenReady(id: string): void;
}

export const FootnoteContext = createContext<FootnoteContextValue>({
  numbers: new Map(),
  activeId: null,
  setActive: () => {},
  focusWhenReady: () => {},
});

export const useFootnotes = () => useContext(FootnoteContext);
