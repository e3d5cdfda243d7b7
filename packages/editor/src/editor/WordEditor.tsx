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
import { Alert } from '@wanxiang/ui';
import type { LexicalEditor } from 'lexical';
import {
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ActionsPlugin } from '../actions/ActionsPlugin';
import type { ActionId } from '../actions/actions';
import { BookmarksPlugin } from '../bookmarks/BookmarksPlugin';
import { ClipboardPlugin } from '../clipboard/ClipboardPlugin';
import { CodeHighlightPlugin } from '../code/CodeHighlightPlugin';
import { EditorDialogs } from '../dialogs/EditorDialogs';
import type { DocumentContent, DocumentRecord } from '../documents/types';
import { FileDropPlugin } from '../files/FileDropPlugin';
import type { ImportedDocument } from '../files/importFile';
import type { ServerExporter } from '../files/serverExport';
import { useDocumentFiles } from '../files/useDocumentFiles';
import { FootnoteNotes, FootnotesProvider } from '../footnotes/FootnotesPlugin';
import { formatModified } from '../format/dates';
import { FormulaPlugin } from '../formula/FormulaPlugin';
import { HeaderFooterPlugin } from '../headerFooter/HeaderFooterPlugin';
import { t } from '../i18n/zh-CN';
import { MenuBar, MenuBarPlaceholder } from '../menus/MenuBar';
import { EDITOR_NAMESPACE, editorNodes, editorTheme } from '../model/config';
import { useFormatState } from '../model/useFormatState';
import { PagesPlugin } from '../pages/PagesPlugin';
import { type EditorView, PageViewPlugin } from '../pageView/PageViewPlugin';
import { useZoom } from '../pageView/useZoom';
import { ZoomControl } from '../pageView/ZoomControl';
import { LeftPanel } from '../panels/LeftPanel';
import { buildHtmlImport } from '../paste/htmlImport';
import { PastePlugin } from '../paste/PastePlugin';
import { AutoFocusPlugin } from '../plugins/AutoFocusPlugin';
import { AutosavePlugin } from '../plugins/AutosavePlugin';
import { BlockStylePlugin } from '../plugins/BlockStylePlugin';
import { KeyboardExitPlugin } from '../plugins/KeyboardExitPlugin';
import { SelectionSyncPlugin } from '../plugins/SelectionSyncPlugin';
import { TypingPlugin } from '../plugins/TypingPlugin';
import { WholeSelectionTypingPlugin } from '../plugins/WholeSelectionTypingPlugin';
import { useEditorPreferencesHost } from '../preferences/context';
import { PreferencesDialog } from '../preferences/PreferencesDialog';
import { presetsForNewDocument } from '../preferences/presets';
import { DEFAULT_EDITOR_PREFERENCES, type EditorPreferencesHost } from '../preferences/types';
import { ShapesPlugin } from '../shapes/ShapesPlugin';
import { PresetsSavePlugin } from '../styles/PresetsSavePlugin';
import { normalizeStylePresets, type StylePresets } from '../styles/presets';
import { usePresetStylesheet } from '../styles/usePresetStylesheet';
import { SymbolsPlugin } from '../symbols/SymbolsPlugin';
import { Toolbar, ToolbarPlaceholder } from '../toolbar/Toolbar';
import type { VersionSource } from '../versions/types';
import { type VersionsDialog, VersionsDialogs } from '../versions/VersionsDialogs';
import { clickBelowEnd } from './clickBelowEnd';
import { SaveStatusLabel } from './SaveStatusLabel';
import { TitleField } from './TitleField';
import { useDeferredChrome } from './useDeferredChrome';
import { useDockClearance } from './useDockClearance';
import { useDocumentSave } from './useDocumentSave';
import { useDrawers } from './useDrawers';
import { useHideOnScroll } from './useHideOnScroll';
import * as css from './WordEditor.css';

/** What a host can ask of a mounted editor (`ref`). */
export interface WordEditorHandle {
  /** The content as it is now: what the next save would store (editor state, style presets, given title). */
  getContent(): DocumentContent;
  /** The document's title now: the name the user gave it, else its first line. */
  getTitle(): string;
  /** Saves pending edits at once (as Ctrl+S does); resolves when onSave has settled. */
  save(): Promise<void>;
  /** The Lexical editor. */
  readonly editor: LexicalEditor;
}

export interface WordEditorProps {
  /** The document's identity. The editor reads its content once: key the editor by it to switch documents. */
  documentId: string;
  /** The stored content (editorState null for a new document); from Markdown: documentFromMarkdown(text). */
  initialContent: DocumentContent;
  initialTitle: string;
  /**
   * Persists the document; rejects with a DocumentStorageError when it cannot. Called after an edit, once
   * typing pauses (saveDelayMs), at least every 3 s of continuous typing, on Ctrl+S, when the page is hidden
   * and when the editor unmounts — never for merely opening a document.
   */
  onSave(content: DocumentContent, title: string): Promise<void>;
  /** Every edit of the content, at once and without its content (read it with the ref's getContent()). */
  onChange?(): void;
  /** The toolbar's back button; without it there is none. */
  onBack?(): void;
  /** The owner's recent documents for the Files tab; without them there is no Files tab. */
  recentDocuments?: readonly DocumentRecord[];
  /** Actions left out of the menus, the toolbar and the shortcuts (a host that opens or exports files itself). */
  hiddenActions?: readonly ActionId[];
  /** A handle to read the content on demand and to save now. */
  ref?: Ref<WordEditorHandle>;
  onOpenDocument?(id: string): void;
  /** Stores an opened file as a new document and goes to it; without it the file replaces this one. */
  onOpenAsNew?(imported: ImportedDocument): Promise<void>;
  /** The document's title whenever it changes (the first line, or the name the user gave it). */
  onTitleChange?(title: string): void;
  /** The right panel's content (the AI assistant lives elsewhere); the panel is hidden without it. */
  rightPanel?: ReactNode;
  /** The floating dock at the bottom centre. */
  dock?: ReactNode;
  /** Autosave pause in ms. */
  saveDelayMs?: number;
  /** 页面视图 (sheets of the document’s page size) or 连续视图 (one long sheet) to start in; default: the preferences’ (页面视图). */
  initialView?: EditorView;
  /** Receives the Lexical editor once it exists (tests, benchmarks, the AI assistant). */
  onEditorReady?(editor: LexicalEditor): void;
  /**
   * Puts the caret at the document's start once it shows, so the writer can type at once: unless the user
   * already focused something meanwhile (a click while it loaded wins), and not on a narrow screen, where
   * the on-screen keyboard would cover the paper of a document opened to be read.
   */
  autoFocus?: boolean;
  /**
   * 保存到云端 (Ctrl+S): called after pending changes are saved through onSave. Without it Ctrl+S only saves
   * at once.
   */
  onSaveCloud?(): void | Promise<void>;
  /**
   * Where the document's versions are kept (版本历史, 为当前版本命名): the cloud's, or this browser's
   * (createLocalVersions). Without it those two entries are left out.
   */
  versions?: VersionSource;
  /**
   * The host's server export: large PDFs and DOCX are made there, and it is the fallback
   * when the browser's converter fails. Without it every export runs in the browser.
   */
  serverExport?: ServerExporter;
  /** Shown beside the save status: the page's cloud status (已保存到云端, 冲突…). */
  cloudStatus?: ReactNode;
  /** Shown under the toolbar, e.g. why the document is read-only and how to edit it. */
  notice?: ReactNode;
  /** The document can be read but not changed (open for editing elsewhere): no typing, no formatting. */
  readOnly?: boolean;
  /**
   * The user's preferences (编辑 › 偏好设置) and where they are kept; without it, those of an
   * EditorPreferencesProvider around the editor; with neither, the defaults and no 偏好设置 entry.
   */
  preferences?: EditorPreferencesHost;
}

/** The word processor: menu bar, toolbar, side panels, the paper with its notes, dialogs. */
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

/**
 * The editor inside its composer. It only composes: the actions live in actions/, the dialogs in
 * EditorDialogs, file I/O in useDocumentFiles, saving in useDocumentSave, the panels in useDrawers.
 */
function EditorFrame({
  documentId,
  initialContent,
  initialTitle,
  onSave,
  onChange,
  onBack,
  recentDocuments,
  hiddenActions,
  ref,
  onOpenDocument,
  onOpenAsNew,
  onTitleChange,
  rightPanel,
  dock,
  saveDelayMs,
  initialView,
  onEditorReady,
  autoFocus = false,
  onSaveCloud,
  serverExport,
  cloudStatus,
  notice,
  readOnly = false,
  versions,
  preferences: preferencesProp,
}: WordEditorProps) {
  const [editor] = useLexicalComposerContext();
  const format = useFormatState();
  const [ready, setReady] = useState(false);
  const providedPreferences = useEditorPreferencesHost();
  const preferencesHost = preferencesProp ?? providedPreferences;
  const preferences = preferencesHost?.preferences ?? DEFAULT_EDITOR_PREFERENCES;
  const [view, setView] = useState<EditorView>(initialView ?? preferences.view);
  // Preferences that arrive (or change) after the document opened take it to their view, once each.
  const preferredView = preferences.view;
  useEffect(() => {
    if (initialView === undefined) setView(preferredView);
  }, [initialView, preferredView]);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  // A new document (nothing stored yet) takes its body's font and size from the preferences.
  const [presets, setPresets] = useState<StylePresets>(() =>
    initialContent.editorState === null && !initialContent.styles && preferencesHost
      ? presetsForNewDocument(preferencesHost.preferences)
      : normalizeStylePresets(initialContent.styles),
  );
  const { title, status, storageError, snapshot, persist, onStatus, rename } = useDocumentSave({
    initialTitle,
    initialCustomTitle: initialContent.title,
    onSave,
    presets,
  });
  const files = useDocumentFiles({
    documentId,
    title,
    presets,
    onPresetsChange: setPresets,
    ...(onOpenAsNew ? { onOpenAsNew } : {}),
    ...(serverExport ? { serverExport } : {}),
  });
  const workspaceRef = useRef<HTMLDivElement>(null);
  const drawers = useDrawers(rightPanel != null, workspaceRef);
  const { chromeReady, panelReady } = useDeferredChrome();
  const flushRef = useRef<(() => Promise<void>) | null>(null);
  const paperRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const chromeRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  const paperRowRef = useRef<HTMLDivElement>(null);
  // The page view's zoom: the reader's, kept per browser, never in the document.
  const zoom = useZoom({ pageView: view === 'page', stageRef, rowRef: paperRowRef });
  useDockClearance(stageRef, dockRef, dock != null);
  useHideOnScroll(rootRef, chromeRef);
  const paperId = useId().replace(/:/g, '');

  useEffect(() => {
    setReady(true);
    onEditorReady?.(editor);
  }, [editor, onEditorReady]);

  useEffect(() => {
    editor.setEditable(!readOnly);
  }, [editor, readOnly]);
  const saveCloudRef = useRef(onSaveCloud);
  saveCloudRef.current = onSaveCloud;
  const [versionsDialog, setVersionsDialog] = useState<VersionsDialog>(null);

  usePresetStylesheet(paperId, presets);

  useImperativeHandle(
    ref,
    () => ({
      getContent: () => snapshot(editor.getEditorState()).content,
      getTitle: () => snapshot(editor.getEditorState()).title,
      save: () => flushRef.current?.() ?? Promise.resolve(),
      editor,
    }),
    [editor, snapshot],
  );

  const hidden = useMemo(
    () =>
      new Set<ActionId>([
        ...(hiddenActions ?? []),
        ...(onBack ? [] : (['back'] as const)),
        ...(versions ? [] : (['versionHistory', 'nameVersion'] as const)),
        ...(preferencesHost ? [] : (['preferences'] as const)),
      ]),
    [hiddenActions, onBack, versions, preferencesHost],
  );

  const titleChangeRef = useRef(onTitleChange);
  titleChangeRef.current = onTitleChange;
  useEffect(() => titleChangeRef.current?.(title), [title]);

  return (
    <div className={css.root} ref={rootRef}>
      <div className={css.chrome} ref={chromeRef} data-wx-chrome="">
        <div className={css.menuBar}>
          {chromeReady ? (
            <MenuBar
              isDisabled={!ready || readOnly}
              hasRightPanel={rightPanel != null}
              hidden={hidden}
              view={view}
            />
          ) : (
            <MenuBarPlaceholder />
          )}
          {/* The document page's one heading: the document's name. */}
          <h1 className={css.titleHeading}>
            <TitleField
              title={title}
              readOnly={readOnly}
              onRename={(name) => rename(name, editor.getEditorState())}
            />
          </h1>
          <SaveStatusLabel store={status} manual={!preferences.autosave} />
          {cloudStatus}
        </div>
        {chromeReady ? (
          <Toolbar
            format={format}
            isDisabled={!ready || readOnly}
            hasRightPanel={rightPanel != null}
            hidden={hidden}
          />
        ) : (
          <ToolbarPlaceholder />
        )}
        {storageError ? (
          <Alert
            className={css.storageAlert}
            tone={storageError.code === 'failed' ? 'warning' : 'danger'}
            actionLabel={t.file.saveLocal}
            onAction={files.saveLocal}
          >
            {storageError.message}
          </Alert>
        ) : null}
        {notice}
      </div>
      <div className={css.workspace} ref={workspaceRef}>
        {drawers.leftOpen ? (
          <aside className={css.leftPanel} aria-label={t.panels.left} onKeyDown={drawers.closeDrawerOnEscape}>
            {panelReady ? (
              <LeftPanel
                documents={recentDocuments}
                currentId={documentId}
                onOpenDocument={(id) => onOpenDocument?.(id)}
                formatDate={(time) => formatModified(time, Date.now(), t.dates)}
                onJumped={drawers.closeDrawers}
              />
            ) : null}
          </aside>
        ) : null}
        {drawers.leftOpen || drawers.rightShown ? (
          <div className={css.drawerScrim} aria-hidden="true" onPointerDown={drawers.closeDrawers} />
        ) : null}
        {/* The page scrolls here; it takes the focus so keyboard users can scroll it too. */}
        <section
          ref={stageRef}
          className={css.stage}
          data-wx-stage=""
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be focusable (axe scrollable-region-focusable).
          tabIndex={0}
          aria-label={t.paperRegion}
        >
          <div className={css.paperRow} ref={paperRowRef}>
            <FootnotesProvider paperRef={paperRef}>
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
                      spellCheck={preferences.spellcheck}
                    />
                  }
                  ErrorBoundary={LexicalErrorBoundary}
                />
                <FootnoteNotes />
              </div>
            </FootnotesProvider>
          </div>
        </section>
        <ZoomControl zoom={zoom} besideRightPanel={drawers.rightShown} />
        {drawers.rightShown ? (
          <aside
            className={css.rightPanel}
            aria-label={t.panels.right}
            onKeyDown={drawers.closeDrawerOnEscape}
          >
            {rightPanel}
          </aside>
        ) : null}
      </div>
      {dock != null ? (
        <div className={css.dock} ref={dockRef}>
          {dock}
        </div>
      ) : null}

      <PageViewPlugin enabled={view === 'page'} />
      <HistoryPlugin />
      <ListPlugin />
      <CheckListPlugin />
      <TablePlugin hasCellMerge hasCellBackgroundColor={false} />
      <LinkPlugin validateUrl={(url) => /^(https?:\/\/|mailto:)/i.test(url)} />
      <TabIndentationPlugin maxIndent={7} />
      <KeyboardExitPlugin />
      <CodeHighlightPlugin />
      <BlockStylePlugin />
      <PastePlugin />
      <ClipboardPlugin />
      <FileDropPlugin onOpen={files.openDocumentFile} />
      <SelectionSyncPlugin />
      <TypingPlugin />
      <WholeSelectionTypingPlugin />
      <ActionsPlugin
        hidden={hidden}
        format={format}
        frame={{
          back: () => onBack?.(),
          toggleLeft: drawers.toggleLeft,
          toggleRight: drawers.toggleRight,
          openFile: files.openFile,
          chooseImage: files.chooseImage,
          saveLocal: files.saveLocal,
          exportMarkdown: files.exportMarkdown,
          exportDocx: files.exportDocx,
          exportPdf: files.exportPdf,
          saveNow: () => void flushRef.current?.(),
          saveCloud: () => {
            void Promise.resolve(flushRef.current?.()).then(() => saveCloudRef.current?.());
          },
          openVersions: () => setVersionsDialog('history'),
          nameVersion: () => setVersionsDialog('name'),
          openPreferences: () => setPreferencesOpen(true),
          setView,
          zoom: zoom.run,
        }}
      />
      <AutosavePlugin
        flushRef={flushRef}
        save={persist}
        onStatus={onStatus}
        enabled={preferences.autosave}
        {...(onChange ? { onChange } : {})}
        {...(saveDelayMs === undefined ? {} : { delayMs: saveDelayMs })}
      />
      <PresetsSavePlugin presets={presets} persist={persist} onStatus={onStatus} />
      {autoFocus ? <AutoFocusPlugin /> : null}

      {files.inputs}
      <EditorDialogs format={format} presets={presets} onPresetsChange={setPresets} />
      {versions ? (
        <VersionsDialogs
          open={versionsDialog}
          onOpenChange={setVersionsDialog}
          source={versions}
          editor={editor}
          snapshot={() => snapshot(editor.getEditorState())}
          saveNow={async () => {
            await flushRef.current?.();
            await saveCloudRef.current?.();
          }}
          onRestoreStyles={(content) => setPresets(normalizeStylePresets(content.styles))}
        />
      ) : null}
      {preferencesHost ? (
        <PreferencesDialog
          isOpen={preferencesOpen}
          onOpenChange={setPreferencesOpen}
          host={preferencesHost}
        />
      ) : null}
      <SymbolsPlugin />
      <FormulaPlugin />
      <ShapesPlugin />
      <PagesPlugin paperId={paperId} title={title} />
      <HeaderFooterPlugin paperId={paperId} />
      <BookmarksPlugin />
    </div>
  );
}
