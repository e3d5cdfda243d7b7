import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { DRAG_DROP_PASTE } from '@lexical/rich-text';
import { COMMAND_PRIORITY_HIGH } from 'lexical';
import { useEffect, useRef } from 'react';
import { importableExtensions } from './fileNames';

const isDocumentFile = (file: File) => {
  const name = file.name.toLowerCase();
  return importableExtensions.some((ext) => name.endsWith(`.${ext}`));
};

/**
 * A document file (.lexdoc, .docx, .md, .markdown, .txt) dropped or pasted on the paper is opened, as
 * 文件 › 打开 would; pictures go on to the image paste (PastePlugin).
 */
export function FileDropPlugin({ onOpen }: { onOpen(file: File): void }) {
  const [editor] = useLexicalComposerContext();
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(
    () =>
      editor.registerCommand(
        DRAG_DROP_PASTE,
        (files) => {
          const document = files.find(isDocumentFile);
          if (!document) return false;
          open.current(document);
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor],
  );
  return null;
}
