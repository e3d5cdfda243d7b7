import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $isHeadingNode } from '@lexical/rich-text';
import { $getRoot } from 'lexical';
import { useEffect, useState } from 'react';

export const OUTLINE_DEBOUNCE_MS = 300;

export interface OutlineItem {
  key: string;
  text: string;
  level: 1 | 2 | 3;
}

/** Headings 1–3 of the document, re-read 300 ms after the last content change. */
export function useOutline(): OutlineItem[] {
  const [editor] = useLexicalComposerContext();
  const [items, setItems] = useState<OutlineItem[]>([]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      const next = editor.getEditorState().read(() => {
        const found: OutlineItem[] = [];
        // Headings are only ever top-level blocks, so the root's children are enough.
        for (const node of $getRoot().getChildren()) {
          if (!$isHeadingNode(node)) continue;
          const tag = node.getTag();
          if (tag !== 'h1' && tag !== 'h2' && tag !== 'h3') continue;
          found.push({
            key: node.getKey(),
            text: node.getTextContent().trim(),
            level: Number(tag[1]) as 1 | 2 | 3,
          });
        }
        return found;
      });
      setItems((prev) =>
        prev.length === next.length &&
        prev.every((p, i) => p.key === next[i]?.key && p.text === next[i]?.text && p.level === next[i]?.level)
          ? prev
          : next,
      );
    };
    read();
    const unregister = editor.registerUpdateListener(({ dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      clearTimeout(timer);
      timer = setTimeout(read, OUTLINE_DEBOUNCE_MS);
    });
    return () => {
      unregister();
      clearTimeout(timer);
    };
  }, [editor]);
  return items;
}
