import type { EditorState } from 'lexical';
import { useCallback, useRef, useState } from 'react';
import { type DocumentContent, DocumentStorageError } from '../documents/types';
import { t } from '../i18n/zh-CN';
import { $documentTitle, type SaveStatus } from '../plugins/AutosavePlugin';
import type { StylePresets } from '../styles/presets';
import { createSaveStatusStore } from './saveStatus';

export interface DocumentSaveOptions {
  initialTitle: string;
  onSave(content: DocumentContent, title: string): Promise<void>;
  /** Saved with every snapshot: the presets are part of the document. */
  presets: StylePresets;
}

/**
 * Saving the document: the snapshot with its presets and its title (the first line), the save status for
 * the label, and the storage error the editor shows until a save succeeds again.
 */
export function useDocumentSave({ initialTitle, onSave, presets }: DocumentSaveOptions) {
  const [title, setTitle] = useState(initialTitle);
  const [status] = useState(createSaveStatusStore);
  const [storageError, setStorageError] = useState<DocumentStorageError | null>(null);
  const presetsRef = useRef(presets);
  presetsRef.current = presets;

  const persist = useCallback(
    async (state: EditorState) => {
      const nextTitle = state.read(() => $documentTitle());
      setTitle(nextTitle);
      await onSave({ version: '2.0.0', editorState: state.toJSON(), styles: presetsRef.current }, nextTitle);
    },
    [onSave],
  );

  const onStatus = useCallback(
    (next: SaveStatus, error?: unknown) => {
      status.set(next);
      if (next === 'saved') setStorageError(null);
      if (next === 'error')
        setStorageError(
          error instanceof DocumentStorageError
            ? error
            : new DocumentStorageError('failed', t.storage.failed),
        );
    },
    [status],
  );

  return { title, status, storageError, persist, onStatus };
}
