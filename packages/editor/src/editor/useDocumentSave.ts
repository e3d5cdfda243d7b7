import type { EditorState } from 'lexical';
import { useCallback, useRef, useState } from 'react';
import { DEFAULT_DOCUMENT_TITLE } from '../constants';
import { type DocumentContent, DocumentStorageError } from '../documents/types';
import { t } from '../i18n/zh-CN';
import { $documentTitle, type SaveStatus } from '../plugins/AutosavePlugin';
import type { StylePresets } from '../styles/presets';
import { createSaveStatusStore } from './saveStatus';

export interface DocumentSaveOptions {
  initialTitle: string;
  /** The title the user gave the document, if any: it wins over the first line. */
  initialCustomTitle?: string | undefined;
  onSave(content: DocumentContent, title: string): Promise<void>;
  /** Saved with every snapshot: the presets are part of the document. */
  presets: StylePresets;
}

export const TITLE_INPUT_MAX = 80;

/**
 * Saving the document: the snapshot with its presets and its title (the first line), the save status for
 * the label, and the storage error the editor shows until a save succeeds again.
 */
export function useDocumentSave({ initialTitle, initialCustomTitle, onSave, presets }: DocumentSaveOptions) {
  const [title, setTitle] = useState(initialCustomTitle || initialTitle);
  const customTitleRef = useRef(initialCustomTitle || undefined);
  const [status] = useState(createSaveStatusStore);
  const [storageError, setStorageError] = useState<DocumentStorageError | null>(null);
  const presetsRef = useRef(presets);
  presetsRef.current = presets;

  /** What a save stores for this snapshot: the content with its presets, and the document's title. */
  const snapshot = useCallback((state: EditorState): { content: DocumentContent; title: string } => {
    const custom = customTitleRef.current;
    return {
      content: {
        version: '2.0.0',
        editorState: state.toJSON(),
        styles: presetsRef.current,
        ...(custom ? { title: custom } : {}),
      },
      title: custom ?? state.read(() => $documentTitle()),
    };
  }, []);

  const persist = useCallback(
    async (state: EditorState) => {
      const next = snapshot(state);
      setTitle(next.title);
      await onSave(next.content, next.title);
    },
    [onSave, snapshot],
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

  /** Renames the document (an empty name is 未命名文档) and saves it with the given snapshot at once. */
  const rename = useCallback(
    (name: string, state: EditorState) => {
      const next = normalizeTitle(name);
      customTitleRef.current = next;
      setTitle(next);
      onStatus('saving');
      persist(state).then(
        () => onStatus('saved'),
        (error: unknown) => onStatus('error', error),
      );
    },
    [persist, onStatus],
  );

  return { title, status, storageError, snapshot, persist, onStatus, rename };
}

/** A name typed for the document: spaces collapsed, at most 80 characters; nothing left is 未命名文档. */
export function normalizeTitle(name: string): string {
  const text = name.replace(/\s+/g, ' ').trim().slice(0, TITLE_INPUT_MAX);
  return text || DEFAULT_DOCUMENT_TITLE;
}
