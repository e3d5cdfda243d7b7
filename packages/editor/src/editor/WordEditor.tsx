import { $isListNode } from '@lexical/list';
import { $convertFromMarkdownString, $convertToMarkdownString, TRANSFORMERS } from '@lexical/markdown';
import { CheckListPlugin } from '@lexical/react/LexicalCheckListPlugin';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { TabIndentationPlugin } from '@lexical/react/LexicalTabIndentationPlugin';
import { TablePlugin } from '@lexical/react/LexicalTablePlugin';
import { $isHeadingNode } from '@lexical/rich-text';
import { Alert, toast } from '@wanxiang/ui';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $isParagraphNode,
  type EditorState,
  type LexicalEditor,
} from 'lexical';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { ActionsPlugin } from '../actions/ActionsPlugin';
import { CodeHighlightPlugin } from '../code/CodeHighlightPlugin';
import { isNarrowScreen } from '../constants';
import { EditorDialogs } from '../dialogs/EditorDialogs';
import type { DocumentContent, DocumentRecord } from '../documents/types';
import { DocumentStorageError } from '../documents/types';
import { exportFileName, importKindOf, UnsupportedFileError } from '../files/fileNames';
import { buildLexdoc, decodeText, downloadFile, parseLexdoc } from '../files/lexdoc';
import { FootnotesProvider } from '../footnotes/FootnotesPlugin';
import { formatModified } from '../format/dates';
import { t } from '../i18n/zh-CN';
import { MenuBar, MenuBarPlaceholder } from '../menus/MenuBar';
import { EDITOR_NAMESPACE, editorNodes, editorTheme } from '../model/config';
import { useFormatState } from '../model/useFormatState';
import { LeftPanel } from '../panels/LeftPanel';
import { buildHtmlImport } from '../paste/htmlImport';
import { insertImageFiles, PastePlugin } from '../paste/PastePlugin';
import { $documentTitle, AutosavePlugin, type SaveStatus } from '../plugins/AutosavePlugin';
import { BlockStylePlugin } from '../plugins/BlockStylePlugin';
import { SelectionSyncPlugin } from '../plugins/SelectionSyncPlugin';
import { TypingPlugin } from '../plugins/TypingPlugin';
import { buildPresetStylesheet, normalizeStylePresets, type StylePresets } from '../styles/presets';
import { Toolbar, ToolbarPlaceholder } from '../toolbar/Toolbar';
import * as css from './WordEditor.css';

export interface WordEditorProps {
  documentId: string;
  /** The stored content (editorState null for a new document). */
  initialContent: DocumentContent;
  initialTitle: string;
  /** Persists the document; rejects with a DocumentStorageError when it cannot. */
  onSave(content: DocumentContent, title: string): Promise<void>;
  onBack(): void;
  /** The owner's recent documents for the Files tab. */
  recentDocuments?: readonly DocumentRecord[];
  onOpenDocument?(id: string): void;
  /** The right panel's content (the AI assistant lives elsewhere); the panel is hidden without it. */
  rightPanel?: ReactNode;
  /** The floating dock at the bottom centre. */
  dock?: ReactNode;
  /** Autosave pause in ms. */
  saveDelayMs?: number;
  /** Receives the Lexical editor once it exists (tests, benchmarks, the AI assistant). */
  onEditorReady?(editor: LexicalEditor): void;
  /**
   * Puts the caret at the document's start once it shows, so the writer can type at once: unless the user
   * already focused something meanwhile (a click while it loaded wins), and not on a narrow screen, where
   * the on-screen keyboard would cover the paper of a document opened to be read.
   */
  autoFocus?: boolean;
}

/** The word processor: menu bar, toolbar, side panels, the paper, floating notes, dialogs. */
export function WordEditor(props: WordEditorProps) {
  // The composer reads its config once; another document remounts the editor (keyed by id).
  const [initialConfig] = useState(() => ({
    namespace: EDITOR_NAMESPACE,
    nodes: [...editorNodes],
    theme: editorTheme,
    html: { import: buildHtmlImport() },
    onError(error: Error) {
      // Reaching here means Lexical could not recover: the error boundary shows the fallback.
      throw error;
    },
    editorState: props.initialContent.editorState
      ? JSON.stringify(props.initialContent.editorState)
      : undefined,
  }));
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorFrame {...props} />
    </LexicalComposer>
  );
}

function EditorFrame({
  documentId,
  initialContent,
  initialTitle,
  onSave,
  onBack,
  recentDocuments = [],
  onOpenDocument,
  rightPanel,
  dock,
  saveDelayMs,
  onEditorReady,
  autoFocus = false,
}: WordEditorProps) {
  const [editor] = useLexicalComposerContext();
  const format = useFormatState();
  const [ready, setReady] = useState(false);
  // On a phone the panels are drawers over the paper: closed until asked for.
  const [leftOpen, setLeftOpen] = useState(() => !isNarrowScreen());
  const [rightOpen, setRightOpen] = useState(() => rightPanel != null && !isNarrowScreen());
  // The right panel shows only when there is one; the scrim dims the paper only behind a panel that shows.
  const rightShown = rightOpen && rightPanel != null;
  const closeDrawers = () => {
    if (!isNarrowScreen()) return;
    setLeftOpen(false);
    setRightOpen(false);
  };
  const closeDrawerOnEscape = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape' || !isNarrowScreen() || event.defaultPrevented) return;
    closeDrawers();
    editor.focus();
  };
  const [title, setTitle] = useState(initialTitle);
  const [presets, setPresets] = useState<StylePresets>(() => normalizeStylePresets(initialContent.styles));
  // The save status changes every few seconds while typing: it lives in a tiny store read by the label
  // alone, so a save never re-renders the toolbar and menus.
  const [saveStatus] = useState(() => createStatusStore());
  const [storageError, setStorageError] = useState<DocumentStorageError | null>(null);
  const flushRef = useRef<(() => Promise<void>) | null>(null);
  const paperRef = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const openInput = useRef<HTMLInputElement>(null);
  const paperId = useId().replace(/:/g, '');
  const presetsRef = useRef(presets);
  presetsRef.current = presets;

  useEffect(() => {
    setReady(true);
    onEditorReady?.(editor);
  }, [editor, onEditorReady]);

  useEffect(() => {
    if (!autoFocus || isNarrowScreen()) return;
    // After the paper's first paint; focus that moved anywhere meanwhile is the user's and stays.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      editor.focus(undefined, { defaultSelection: 'rootStart' });
    });
    return () => cancelAnimationFrame(frame);
  }, [editor, autoFocus]);

  // The paper paints first; the menus, toolbar and side panel (many controls) mount in the next frame, so a
  // long document shows as early as possible. Their boxes keep their size meanwhile: nothing jumps.
  const [chromeReady, setChromeReady] = useState(false);
  const [panelReady, setPanelReady] = useState(false);
  useEffect(() => {
    // Two frames: the first one paints the paper, the controls render after it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setChromeReady(true));
    });
    // The side panel (outline of every heading) waits for an idle moment.
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => setPanelReady(true), { timeout: 500 })
        : window.setTimeout(() => setPanelReady(true), 50);
    return () => {
      cancelAnimationFrame(frame);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, []);

  const persist = useCallback(
    async (state: EditorState) => {
      const nextTitle = state.read(() => $documentTitle());
      setTitle(nextTitle);
      await onSave({ version: '2.0.0', editorState: state.toJSON(), styles: presetsRef.current }, nextTitle);
    },
    [onSave],
  );

  const onStatus = useCallback(
    (status: SaveStatus, error?: unknown) => {
      saveStatus.set(status);
      if (status === 'saved') setStorageError(null);
      if (status === 'error')
        setStorageError(
          error instanceof DocumentStorageError
            ? error
            : new DocumentStorageError('failed', t.storage.failed),
        );
    },
    [saveStatus],
  );

  const saveLocal = () => {
    const state = editor.getEditorState();
    const file = buildLexdoc({ title, docId: documentId, editorState: state.toJSON(), styles: presets });
    downloadFile(exportFileName(title, 'lexdoc'), 'application/json', JSON.stringify(file));
    toast.success(t.file.saved);
  };

  const exportMarkdown = () => {
    const markdown = editor.getEditorState().read(() => $convertToMarkdownString(TRANSFORMERS));
    downloadFile(exportFileName(title, 'md'), 'text/markdown;charset=utf-8', markdown);
  };

  const openFile = async (file: File) => {
    try {
      const kind = importKindOf(file.name);
      if (kind === 'docx') {
        toast.info(t.comingSoon);
        return;
      }
      const text = decodeText(await file.arrayBuffer());
      if (kind === 'lexdoc') {
        const parsed = parseLexdoc(text);
        editor.setEditorState(editor.parseEditorState(JSON.stringify(parsed.editorState)));
        if (parsed.styles) setPresets(normalizeStylePresets(parsed.styles));
      } else if (kind === 'markdown') {
        editor.update(() => $convertFromMarkdownString(text, TRANSFORMERS));
      } else {
        editor.update(() => {
          const root = $getRoot();
          root.clear();
          for (const line of text.split(/\r?\n/)) {
            const paragraph = $createParagraphNode();
            if (line) paragraph.append($createTextNode(line));
            root.append(paragraph);
          }
        });
      }
      editor.focus();
    } catch (error) {
      toast.error(
        error instanceof UnsupportedFileError || error instanceof Error ? error.message : String(error),
      );
    }
  };

  const onImageFile = (file: File) => {
    void insertImageFiles(editor, [file]).then((inserted) => {
      if (inserted > 0) editor.focus();
    });
  };

  usePresetStylesheet(paperId, presets);

  return (
    <div className={css.root}>
      <div className={css.menuBar}>
        {chromeReady ? (
          <MenuBar isDisabled={!ready} hasRightPanel={rightPanel != null} />
        ) : (
          <MenuBarPlaceholder />
        )}
        <span className={css.titleChip} title={title}>
          {t.draftTitle(title)}
        </span>
        <SaveStatusLabel store={saveStatus} />
      </div>
      {chromeReady ? (
        <Toolbar format={format} isDisabled={!ready} hasRightPanel={rightPanel != null} />
      ) : (
        <ToolbarPlaceholder />
      )}
      {storageError ? (
        <Alert
          className={css.storageAlert}
          tone={storageError.code === 'failed' ? 'warning' : 'danger'}
          actionLabel={t.file.saveLocal}
          onAction={saveLocal}
        >
          {storageError.message}
        </Alert>
      ) : null}
      <div className={css.workspace}>
        {leftOpen ? (
          <aside className={css.leftPanel} aria-label={t.panels.left} onKeyDown={closeDrawerOnEscape}>
            {panelReady ? (
              <LeftPanel
                documents={recentDocuments}
                currentId={documentId}
                onOpenDocument={(id) => onOpenDocument?.(id)}
                formatDate={(time) => formatModified(time, Date.now(), t.dates)}
                onJumped={closeDrawers}
              />
            ) : null}
          </aside>
        ) : null}
        {leftOpen || rightShown ? (
          <div className={css.drawerScrim} aria-hidden="true" onPointerDown={closeDrawers} />
        ) : null}
        {/* The page scrolls here; it takes the focus so keyboard users can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be focusable (axe scrollable-region-focusable). */}
        <section className={css.stage} data-wx-stage="" tabIndex={0} aria-label={t.paperRegion}>
          <div className={css.paperRow}>
            <FootnotesProvider paperRef={paperRef} renderNotes={(notes) => notes}>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the keyboard reaches the end with Ctrl+End. */}
              <div
                className={css.paper}
                ref={paperRef}
                data-wx-paper={paperId}
                onMouseDown={(event) => clickBelowEnd(editor, event)}
              >
                <RichTextPlugin
                  contentEditable={
                    <ContentEditable
                      className={css.contentEditable}
                      aria-label={t.editorLabel}
                      aria-placeholder={t.placeholder}
                      placeholder={<div className={css.placeholder}>{t.placeholder}</div>}
                      spellCheck={false}
                    />
                  }
                  ErrorBoundary={LexicalErrorBoundary}
                />
              </div>
            </FootnotesProvider>
          </div>
        </section>
        {rightShown ? (
          <aside className={css.rightPanel} aria-label={t.panels.right} onKeyDown={closeDrawerOnEscape}>
            {rightPanel}
          </aside>
        ) : null}
      </div>
      {dock != null ? <div className={css.dock}>{dock}</div> : null}

      <HistoryPlugin />
      <ListPlugin />
      <CheckListPlugin />
      <TablePlugin hasCellMerge hasCellBackgroundColor={false} />
      <LinkPlugin validateUrl={(url) => /^(https?:\/\/|mailto:)/i.test(url)} />
      <TabIndentationPlugin maxIndent={7} />
      <CodeHighlightPlugin />
      <BlockStylePlugin />
      <PastePlugin />
      <SelectionSyncPlugin />
      <TypingPlugin />
      <ActionsPlugin
        format={format}
        frame={{
          back: onBack,
          toggleLeft: () => setLeftOpen((o) => !o),
          toggleRight: () => setRightOpen((o) => !o),
          openFile: () => openInput.current?.click(),
          chooseImage: () => imageInput.current?.click(),
          saveLocal,
          exportMarkdown,
          saveNow: () => void flushRef.current?.(),
        }}
      />
      <AutosavePlugin
        flushRef={flushRef}
        save={persist}
        onStatus={onStatus}
        {...(saveDelayMs === undefined ? {} : { delayMs: saveDelayMs })}
      />
      <PresetsSave presets={presets} persist={persist} onStatus={onStatus} />

      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onImageFile(file);
          event.target.value = '';
        }}
      />
      <input
        ref={openInput}
        type="file"
        accept=".lexdoc,.docx,.md,.markdown,.txt"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void openFile(file);
          event.target.value = '';
        }}
      />

      <EditorDialogs format={format} presets={presets} onPresetsChange={setPresets} />
    </div>
  );
}

/**
 * A click on the blank paper under the last line puts the caret at the end of the document, as on a sheet
 * in Word, instead of wherever the browser finds a nearest position (often inside a table or code block).
 */
function clickBelowEnd(editor: LexicalEditor, event: ReactMouseEvent<HTMLDivElement>) {
  if (event.button !== 0 || event.shiftKey) return;
  const root = editor.getRootElement();
  if (!root || (event.target !== root && event.target !== event.currentTarget)) return;
  const last = root.lastElementChild;
  if (last && event.clientY <= last.getBoundingClientRect().bottom) return;
  event.preventDefault();
  editor.update(() => {
    const end = $getRoot().getLastChild();
    // The end of a table or a code block is no place to continue writing: a fresh paragraph follows them.
    if (end && !$isParagraphNode(end) && !$isHeadingNode(end) && !$isListNode(end)) {
      const paragraph = $createParagraphNode();
      end.insertAfter(paragraph);
      paragraph.select();
    } else $getRoot().selectEnd();
  });
  editor.focus();
}

/** Style presets are part of the document: a change is saved like an edit. */
function PresetsSave({
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

/**
 * The style presets as a constructed stylesheet scoped to this paper. A constructed sheet goes through the
 * CSSOM, which the app's Content-Security-Policy (no inline <style>) allows.
 */
function usePresetStylesheet(paperId: string, presets: StylePresets) {
  const sheet = useRef<CSSStyleSheet | null>(null);
  useEffect(() => {
    const created = new CSSStyleSheet();
    sheet.current = created;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, created];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== created);
      sheet.current = null;
    };
  }, []);
  useEffect(() => {
    sheet.current?.replaceSync(buildPresetStylesheet(`[data-wx-paper="${paperId}"]`, presets));
  }, [paperId, presets]);
}

interface StatusStore {
  get(): SaveStatus;
  set(status: SaveStatus): void;
  subscribe(listener: () => void): () => void;
}

function createStatusStore(): StatusStore {
  let status: SaveStatus = 'saved';
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next) {
      if (next === status) return;
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const STATUS_TEXT: Record<SaveStatus, string> = {
  saving: t.storage.saving,
  saved: t.storage.saved,
  dirty: t.storage.unsaved,
  error: t.storage.failed,
};

function SaveStatusLabel({ store }: { store: StatusStore }) {
  const status = useSyncExternalStore(store.subscribe, store.get);
  return (
    <span className={css.saveStatus} role="status" data-save-status={status}>
      {STATUS_TEXT[status]}
    </span>
  );
}
