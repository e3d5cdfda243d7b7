import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getRoot, type EditorState, type LexicalEditor } from 'lexical';
import { useEffect, useRef } from 'react';
import { DEFAULT_DOCUMENT_TITLE } from '../constants';

export const AUTOSAVE_DELAY_MS = 800;
/** Continuous typing still saves at least this often, so a crash mid-burst loses little. */
export const AUTOSAVE_MAX_WAIT_MS = 3000;
const TITLE_MAX = 40;

/** The title of a document: its first non-empty line, shortened; else 未命名文档. */
export function $documentTitle(): string {
  for (const block of $getRoot().getChildren()) {
    const text = block.getTextContent().replace(/\s+/g, ' ').trim();
    if (text) return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX)}…` : text;
  }
  return DEFAULT_DOCUMENT_TITLE;
}

export type SaveStatus = 'saved' | 'dirty' | 'saving' | 'error';

export interface AutosavePluginProps {
  /** Persists the snapshot; rejects on failure (the edit stays pending and is retried). */
  save(editorState: EditorState, editor: LexicalEditor): Promise<void>;
  onStatus?(status: SaveStatus, error?: unknown): void;
  delayMs?: number;
  /** Receives a function that saves pending changes at once (Ctrl+S). */
  flushRef?: { current: (() => Promise<void>) | null };
}

/**
 * Every content change is saved after a short pause; a pending save is flushed when the page is hidden or
 * left (pagehide / visibilitychange), so a closed tab loses nothing. Selection-only updates, and updates
 * during IME composition, do not count as changes. A failed save keeps the document dirty and retries on
 * the next change or flush; the newest state always wins because saves are serialized.
 */
export function AutosavePlugin({
  save,
  onStatus,
  delayMs = AUTOSAVE_DELAY_MS,
  flushRef,
}: AutosavePluginProps) {
  const [editor] = useLexicalComposerContext();
  const saveRef = useRef(save);
  saveRef.current = save;
  const statusRef = useRef(onStatus);
  statusRef.current = onStatus;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    let dirtySince = 0;
    let dirty = false;
    let running: Promise<void> = Promise.resolve();

    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (idle !== undefined) cancelIdleCallback(idle);
      idle = undefined;
      if (!dirty) return running;
      dirty = false;
      const state = editor.getEditorState();
      statusRef.current?.('saving');
      running = running
        .then(() => saveRef.current(state, editor))
        .then(
          () => statusRef.current?.(dirty ? 'dirty' : 'saved'),
          (error: unknown) => {
            dirty = true;
            statusRef.current?.('error', error);
          },
        );
      return running;
    };

    const unregister = editor.registerUpdateListener(
      ({ dirtyElements, dirtyLeaves, prevEditorState, tags }) => {
        if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
        // The first reconciliation of the stored snapshot is no edit.
        if (prevEditorState.isEmpty() || tags.has('wx-load')) return;
        if (!dirty) dirtySince = performance.now();
        dirty = true;
        statusRef.current?.('dirty');
        clearTimeout(timer);
        const overdue = performance.now() - dirtySince >= AUTOSAVE_MAX_WAIT_MS;
        timer = setTimeout(
          () => {
            if (editor.isComposing()) {
              timer = setTimeout(flush, delayMs);
              return;
            }
            // Serializing a long document takes a few ms: do it between keystrokes, not in the middle of one.
            if (typeof requestIdleCallback === 'function')
              idle ??= requestIdleCallback(() => void flush(), { timeout: 1000 });
            else void flush();
          },
          overdue ? 0 : delayMs,
        );
      },
    );
    if (flushRef) flushRef.current = flush;
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      unregister();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the editor (back to the home, another document) saves what is pending.
      void flush();
    };
  }, [editor, delayMs, flushRef]);
  return null;
}
