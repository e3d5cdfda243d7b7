import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { EditorState } from 'lexical';
import { useEffect, useRef } from 'react';
import type { SaveStatus } from '../plugins/AutosavePlugin';
import type { StylePresets } from './presets';

/** Style presets are part of the document: a change is saved like an edit. */
export function PresetsSavePlugin({
  presets,
  persist,
  onStatus,
}: {
  presets: StylePresets;
  persist(state: EditorState): Promise<void>;
  onStatus(status: SaveStatus, error?: unknown): void;
}) {
  const [editor] = useLexicalComposerContext();
  const saved = useRef(presets);
  useEffect(() => {
    if (saved.current === presets) return;
    saved.current = presets;
    onStatus('saving');
    persist(editor.getEditorState()).then(
      () => onStatus('saved'),
      (error: unknown) => onStatus('error', error),
    );
  }, [presets, editor, persist, onStatus]);
  return null;
}
