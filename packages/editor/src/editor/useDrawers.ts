import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { type KeyboardEvent as ReactKeyboardEvent, useState } from 'react';
import { isNarrowScreen } from '../constants';

/**
 * The side panels. On a wide screen they sit beside the paper, open; on a phone they are drawers over it,
 * closed until asked for, and closed again by a tap on the scrim or Escape.
 */
export function useDrawers(hasRightPanel: boolean) {
  const [editor] = useLexicalComposerContext();
  const [leftOpen, setLeftOpen] = useState(() => !isNarrowScreen());
  const [rightOpen, setRightOpen] = useState(() => hasRightPanel && !isNarrowScreen());
  const closeDrawers = () => {
    if (!isNarrowScreen()) return;
    setLeftOpen(false);
    setRightOpen(false);
  };
  return {
    leftOpen,
    // The right panel shows only when there is one; the scrim dims the paper only behind a panel that shows.
    rightShown: rightOpen && hasRightPanel,
    toggleLeft: () => setLeftOpen((open) => !open),
    toggleRight: () => setRightOpen((open) => !open),
    closeDrawers,
    closeDrawerOnEscape: (event: ReactKeyboardEvent) => {
      if (event.key !== 'Escape' || !isNarrowScreen() || event.defaultPrevented) return;
      closeDrawers();
      editor.focus();
    },
  };
}
