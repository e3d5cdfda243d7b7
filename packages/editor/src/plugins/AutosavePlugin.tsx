import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getRoot, type EditorState, HISTORY_MERGE_TAG, type LexicalEditor } from 'lexical';
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
  /** Called on every change of the content (not the load, not a selection move), before any save. */
  onChange?(): void;
  /**
   * False (偏好设置 › 自动保存 off): changes wait for Ctrl+S / 保存 (the flush); the page warns before it is
   * left with changes unsaved, and leaving the editor inside the app still saves them. @default true
   */
  enabled?: boolean;
}

/** Tags an update that puts stored content in the editor: it is no edit, so nothing is saved for it. */
export const LOAD_TAG = 'wx-load';

const contentOf = (state: EditorState) => JSON.stringify(state.toJSON());

/**
 * Every content change is saved after a short pause; a pending save is flushed when the page is hidden or
 * left (pagehide / visibilitychange), so a closed tab loses nothing. Selection-only updates, and updates
 * during IME composition, do not count as changes. A failed save keeps the document dirty and retries on
 * the next change or flush; the newest state always wins because saves are serialized.
 *
 * Opening a document saves nothing: Lexical marks every node of a type dirty when a plugin registers a
 * transform for it (in a `history-merge` update), and such updates before an edit, the load itself
 * (`wx-load`), and any save whose content equals the last one saved or loaded are no edits. An embedder's store is written
 * only when the user changed something, and a version-checked store sees no false conflict.
 */
export function AutosavePlugin({
  save,
  onStatus,
  delayMs = AUTOSAVE_DELAY_MS,
  flushRef,
  onChange,
  enabled = true,
}: AutosavePluginProps) {
  const [editor] = useLexicalComposerContext();
  const saveRef = useRef(save);
  saveRef.current = save;
  const statusRef = useRef(onStatus);
  statusRef.current = onStatus;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    let dirtySince = 0;
    let dirty = false;
    let running: Promise<void> = Promise.resolve();
    // The content as last loaded or saved: serialized once at the start and once per save, never per key.
    let baseline = editor.getEditorState().isEmpty() ? null : contentOf(editor.getEditorState());

    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (idle !== undefined) cancelIdleCallback(idle);
      idle = undefined;
      if (!dirty) return running;
      dirty = false;
      const state = editor.getEditorState();
      const content = contentOf(state);
      if (content === baseline) {
        // Changed and changed back (typed, then undone): nothing to write.
        running = running.then(() => {
          if (!dirty) statusRef.current?.('saved');
        });
        return running;
      }
      statusRef.current?.('saving');
      running = running
        .then(() => saveRef.current(state, editor))
        .then(
          () => {
            baseline = content;
            statusRef.current?.(dirty ? 'dirty' : 'saved');
          },
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
        // The first reconciliation of the stored snapshot, content put in by the host, and the updates
        // Lexical makes when a plugin registers a transform (history-merge: every node of the type marked
        // dirty, code blocks re-tokenized) are no edits: they are the loaded document, normalized.
        if (prevEditorState.isEmpty() || tags.has(LOAD_TAG) || (!dirty && tags.has(HISTORY_MERGE_TAG))) {
          if (!dirty) baseline = contentOf(editor.getEditorState());
          return;
        }
        changeRef.current?.();
        if (!dirty) dirtySince = performance.now();
        dirty = true;
        statusRef.current?.('dirty');
        if (!enabled) return;
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
      if (enabled && document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => {
      if (enabled) void flush();
    };
    // Without autosave, closing or reloading the page with changes unsaved asks first (the browser's own
    // question), so they are not lost without a word.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (enabled || !dirty) return;
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unregister();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Leaving the editor (back to the home, another document) saves what is pending.
      void flush();
    };
  }, [editor, delayMs, flushRef, enabled]);
  return null;
}
