import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { COMMAND_PRIORITY_HIGH, KEY_DOWN_COMMAND } from 'lexical';
import { useEffect, useRef } from 'react';
import { isComposingEvent } from '../model/composing';

export interface ShortcutHandlers {
  onFind(mode: 'find' | 'replace'): void;
  onFootnote(): void;
  onLink(): void;
  onClearFormatting(): void;
  /** Ctrl+S: the document is saved locally at once (instead of the browser's "save page" dialog). */
  onSave(): void;
}

/**
 * Editor shortcuts of spec 02 §2: Ctrl+F / Ctrl+H (find and replace) while the focus is in the editor,
 * Ctrl+Alt+F (insert a footnote), Ctrl+K (link), Ctrl+\\ (clear formatting), Ctrl+S (save now).
 * ⌘ stands in for Ctrl on macOS.
 */
export function ShortcutsPlugin(handlers: ShortcutHandlers) {
  const [editor] = useLexicalComposerContext();
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(
    () =>
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (event) => {
          if (isComposingEvent(event) || editor.isComposing()) return false;
          const mod = event.ctrlKey || event.metaKey;
          if (!mod || event.shiftKey) return false;
          const key = event.key.toLowerCase();
          if (event.altKey && (key === 'f' || event.code === 'KeyF')) {
            event.preventDefault();
            ref.current.onFootnote();
            return true;
          }
          if (event.altKey) return false;
          if (key === 'f' || key === 'h') {
            event.preventDefault();
            ref.current.onFind(key === 'f' ? 'find' : 'replace');
            return true;
          }
          if (key === 'k') {
            event.preventDefault();
            ref.current.onLink();
            return true;
          }
          if (key === '\\') {
            event.preventDefault();
            ref.current.onClearFormatting();
            return true;
          }
          if (key === 's') {
            event.preventDefault();
            ref.current.onSave();
            return true;
          }
          return false;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor],
  );
  return null;
}
