import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect } from 'react';
import { isNarrowScreen } from '../constants';

/**
 * Puts the caret at the document's start after the paper's first paint, unless the user focused something
 * meanwhile (that focus is theirs and stays), and not on a narrow screen, where the on-screen keyboard would
 * cover the paper of a document opened to be read.
 */
export function AutoFocusPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (isNarrowScreen()) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      editor.focus(undefined, { defaultSelection: 'rootStart' });
    });
    return () => cancelAnimationFrame(frame);
  }, [editor]);
  return null;
}
