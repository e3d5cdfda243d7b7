import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import {
  COMMAND_PRIORITY_CRITICAL,
  COMMAND_PRIORITY_LOW,
  KEY_DOWN_COMMAND,
  KEY_ESCAPE_COMMAND,
  KEY_TAB_COMMAND,
} from 'lexical';
import { useEffect } from 'react';

/**
 * Tab indents inside the paper, so the keyboard needs another way out (WCAG 2.1.2): Escape, then Tab (or
 * Shift+Tab) moves the focus on, as the browser would. Any other key after Escape gives Tab back to indenting.
 */
export function KeyboardExitPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    let leaving = false;
    return mergeRegister(
      editor.registerCommand(
        KEY_ESCAPE_COMMAND,
        () => {
          leaving = true;
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (event) => {
          if (event.key !== 'Escape' && event.key !== 'Tab' && event.key !== 'Shift') leaving = false;
          return false;
        },
        COMMAND_PRIORITY_CRITICAL,
      ),
      // Above the indentation plugin: claimed without preventDefault, the Tab moves the focus natively.
      editor.registerCommand(
        KEY_TAB_COMMAND,
        () => {
          if (!leaving) return false;
          leaving = false;
          return true;
        },
        COMMAND_PRIORITY_CRITICAL,
      ),
      editor.registerRootListener((root, previous) => {
        const reset = () => {
          leaving = false;
        };
        previous?.removeEventListener('blur', reset);
        root?.addEventListener('blur', reset);
      }),
    );
  }, [editor]);
  return null;
}
