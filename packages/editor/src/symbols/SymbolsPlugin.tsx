import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_EDITOR,
  createCommand,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { SymbolDialog } from './SymbolDialog';
import { rememberSymbol } from './symbolData';

/** Opens 符号 (the symbol picker) on the selection the user has now. */
export const OPEN_SYMBOL_PICKER_COMMAND = createCommand<void>('wx:openSymbolPicker');

/** The symbol picker of 插入 → 符号: it inserts the picked symbol where the caret was when it opened. */
export function SymbolsPlugin() {
  const [editor] = useLexicalComposerContext();
  const [isOpen, setOpen] = useState(false);
  const saved = useRef<BaseSelection | null>(null);

  useEffect(
    () =>
      editor.registerCommand(
        OPEN_SYMBOL_PICKER_COMMAND,
        () => {
          saved.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
          setOpen(true);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor],
  );

  const insert = (symbol: string) => {
    rememberSymbol(symbol);
    editor.update(() => {
      if (saved.current) $setSelection(saved.current.clone());
      let selection = $getSelection();
      if (!$isRangeSelection(selection)) {
        $getRoot().selectEnd();
        selection = $getSelection();
      }
      if ($isRangeSelection(selection)) selection.insertText(symbol);
    });
    editor.focus();
  };

  return <SymbolDialog isOpen={isOpen} onOpenChange={setOpen} onInsert={insert} />;
}
