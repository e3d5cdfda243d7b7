import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import { COMMAND_PRIORITY_EDITOR, COMMAND_PRIORITY_HIGH, KEY_DOWN_COMMAND } from 'lexical';
import { useEffect, useRef } from 'react';
import { isComposingEvent } from '../composing';
import type { FormatState } from '../model/useFormatState';
import { ALL_ACTIONS } from './actions';
import { matchesKeys, parseKeys } from './keys';
import type { FrameHandlers } from './types';

const BINDINGS = ALL_ACTIONS.flatMap((action) =>
  (action.keys ?? []).map((keys) => ({ action, ...parseKeys(keys) })),
);

/**
 * Makes every action of the table a registered Lexical command, and its keys (Ctrl+F / Ctrl+H
 * find and replace, Ctrl+Alt+F footnote, Ctrl+K link, Ctrl+\\ clear formatting, Ctrl+S save to the cloud) dispatch it
 * while the focus is in the editor.
 */
export function ActionsPlugin({
  format,
  frame,
  hidden,
}: {
  format: FormatState;
  frame: FrameHandlers;
  /** Actions the host left out: their keys do nothing here. */
  hidden?: ReadonlySet<string>;
}) {
  const [editor] = useLexicalComposerContext();
  // The handlers are registered once; they read the latest format and frame when they run.
  const latest = useRef({ format, frame });
  latest.current = { format, frame };
  const hiddenRef = useRef(hidden);
  hiddenRef.current = hidden;

  useEffect(
    () =>
      mergeRegister(
        ...ALL_ACTIONS.map((action) =>
          editor.registerCommand(
            action.command,
            () => {
              action.run({ editor, ...latest.current });
              return true;
            },
            COMMAND_PRIORITY_EDITOR,
          ),
        ),
        editor.registerCommand(
          KEY_DOWN_COMMAND,
          (event) => {
            if (isComposingEvent(event) || editor.isComposing()) return false;
            const binding = BINDINGS.find(
              (b) => matchesKeys(event, b) && !hiddenRef.current?.has(b.action.id),
            );
            if (!binding) return false;
            event.preventDefault();
            editor.dispatchCommand(binding.action.command, undefined);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
      ),
    [editor],
  );
  return null;
}
