import { Button, ErrorBoundary, Spinner } from '@wanxiang/ui';
import type { LexicalEditor } from 'lexical';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DocumentRecord, DocumentRepository, LoadedDocument } from '../documents/types';
import type { ImportedDocument } from '../files/importFile';
import type { ServerExporter } from '../files/serverExport';
import { t } from '../i18n/zh-CN';
import { createLocalVersions, type LocalVersionStore } from '../versions/localVersions';
import type { VersionSource } from '../versions/types';
import * as css from './DocumentEditor.css';
import { WordEditor } from './WordEditor';

export interface DocumentEditorProps {
  repository: DocumentRepository;
  /** The signed-in owner (from the access token's claims). */
  owner: string;
  documentId: string | undefined;
  onBack(): void;
  /** Go to another document; `replace` when a failed load created a new one in place of the requested id. */
  onNavigate(id: string, options?: { replace?: boolean }): void;
  rightPanel?: ReactNode;
  dock?: ReactNode;
  onEditorReady?(editor: LexicalEditor): void;
  /** The caret at the document's start once it shows (see WordEditorProps.autoFocus). */
  autoFocus?: boolean;
  /** The open document's title (for the browser tab), or null while none is shown. */
  onTitleChange?(title: string | null): void;
  /** Passed through to WordEditor: 保存到云端, the cloud status, a notice, read-only. */
  onSaveCloud?(): void | Promise<void>;
  /**
   * This browser's versions of local documents: every save is kept there (the last 20), and 版本历史 shows
   * them unless `versions` gives the document's versions from elsewhere (the cloud's).
   */
  versionStore?: LocalVersionStore;
  /** The document's versions when they are kept elsewhere (a cloud document's). */
  versions?: VersionSource;
  /** Passed through to WordEditor: the host's server export. */
  serverExport?: ServerExporter;
  cloudStatus?: ReactNode;
  notice?: ReactNode;
  readOnly?: boolean;
}

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; doc: LoadedDocument };

/**
 * /document/{id}: loads the document from the repository (正在加载文档... until then). An id that names no
 * document of this owner (a stale link) says so and offers the document home; storage that cannot be read
 * opens a new document instead; an editor crash shows the fallback message.
 */
export function DocumentEditor({
  repository,
  owner,
  documentId,
  onBack,
  onNavigate,
  rightPanel,
  dock,
  onEditorReady,
  autoFocus = false,
  onTitleChange,
  onSaveCloud,
  serverExport,
  cloudStatus,
  notice,
  readOnly = false,
  versionStore,
  versions,
}: DocumentEditorProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [recent, setRecent] = useState<DocumentRecord[]>([]);

  useEffect(() => {
    if (!documentId) return;
    let cancelled = false;
    setState({ status: 'loading' });
    /** The store could not be read: a new document takes the id's place, or an unsaved one if none can be made. */
    const openInstead = async (): Promise<LoadedDocument | null> => {
      try {
        const record = await repository.create(owner);
        if (!cancelled) onNavigate(record.id, { replace: true });
        return null;
      } catch {
        // Not even a new document can be stored: still let the user write (saving reports the error).
        const now = Date.now();
        return {
          record: { id: documentId, title: '', createdAt: now, modifiedAt: now, owner },
          content: { version: '2.0.0', editorState: null },
        };
      }
    };
    (async () => {
      let doc: LoadedDocument | null;
      try {
        doc = await repository.load(documentId, owner);
      } catch {
        doc = await openInstead();
        if (cancelled || !doc) return;
      }
      if (cancelled) return;
      if (!doc) {
        setState({ status: 'missing' });
        return;
      }
      setState({ status: 'ready', doc });
    })();
    return () => {
      cancelled = true;
    };
  }, [repository, owner, documentId, onNavigate]);

  const refreshRecent = useCallback(() => {
    repository.listRecent(owner, 20).then(setRecent, () => setRecent([]));
  }, [repository, owner]);
  useEffect(refreshRecent, [refreshRecent]);

  const id = state.status === 'ready' ? state.doc.record.id : null;
  const local = useMemo(
    () => (id && versionStore ? createLocalVersions(versionStore, id, owner) : null),
    [id, versionStore, owner],
  );
  const onSave = useCallback(
    async (content: LoadedDocument['content'], title: string) => {
      if (!id) return;
      await repository.save(id, owner, content, title);
      // The Files tab shows titles and times: keep it current.
      refreshRecent();
      // A version that cannot be kept costs the history one entry, never the save itself.
      await local?.recordSave(content, title).catch(() => undefined);
    },
    [repository, owner, id, refreshRecent, local],
  );
  const versionSource = versions ?? local?.source;

  const openAsNew = useCallback(
    async ({ content, title }: ImportedDocument) => {
      const record = await repository.create(owner, { title, content });
      onNavigate(record.id);
    },
    [repository, owner, onNavigate],
  );

  const titleRef = useRef(onTitleChange);
  titleRef.current = onTitleChange;
  const shown = state.status === 'ready';
  useEffect(() => {
    if (!shown) titleRef.current?.(null);
  }, [shown]);

  if (state.status === 'missing') {
    return (
      <DocumentMissing
        onBack={onBack}
        onCreate={async () => {
          const record = await repository.create(owner);
          onNavigate(record.id, { replace: true });
        }}
      />
    );
  }
  if (!documentId || state.status === 'loading') {
    return (
      <div className={css.loading}>
        <Spinner size="sm" label={t.loadingDocument} showLabel />
      </div>
    );
  }
  return (
    <ErrorBoundary fallback={(_error, reset) => <EditorCrashed onRetry={reset} onBack={onBack} />}>
      <WordEditor
        key={state.doc.record.id}
        documentId={state.doc.record.id}
        initialContent={state.doc.content}
        initialTitle={state.doc.record.title}
        onSave={onSave}
        onBack={onBack}
        recentDocuments={recent}
        onOpenDocument={(next) => onNavigate(next)}
        onOpenAsNew={openAsNew}
        {...(onTitleChange ? { onTitleChange } : {})}
        rightPanel={rightPanel}
        dock={dock}
        autoFocus={autoFocus}
        {...(onSaveCloud ? { onSaveCloud } : {})}
        {...(serverExport ? { serverExport } : {})}
        cloudStatus={cloudStatus}
        notice={notice}
        readOnly={readOnly}
        {...(versionSource ? { versions: versionSource } : {})}
        {...(onEditorReady ? { onEditorReady } : {})}
      />
    </ErrorBoundary>
  );
}

export interface DocumentMissingProps {
  /** To the document home. */
  onBack(): void;
  /** Makes a new blank document and opens it; a rejection is shown under the buttons. */
  onCreate(): Promise<void>;
  /** Why it may be missing; the default suits a local document. */
  hint?: string;
}

/**
 * A link to a document that does not exist (deleted, another account's, mistyped): says so, and offers a
 * new document or the document home, with nothing to retry, since trying again cannot bring it back.
 */
export function DocumentMissing({ onBack, onCreate, hint = t.documentNotFoundHint }: DocumentMissingProps) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={css.crashed}>
      <h1 className={css.missingTitle}>{t.documentNotFound}</h1>
      <p className={css.missingHint}>{hint}</p>
      <div className={css.crashedActions}>
        <Button
          variant="primary"
          onPress={() => {
            setFailed(false);
            onCreate().catch(() => setFailed(true));
          }}
        >
          {t.newDocument}
        </Button>
        <Button variant="secondary" onPress={onBack}>
          {t.toDocumentHome}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className={css.crashedMessage}>
          {t.newDocumentFailed}
        </p>
      ) : null}
    </div>
  );
}

/** What went wrong, and a way on: try again (what was typed is stored) or go back to the documents. */
function EditorCrashed({ onRetry, onBack }: { onRetry(): void; onBack(): void }) {
  return (
    <div className={css.crashed}>
      <p role="alert" className={css.crashedMessage}>
        {t.editorCrashed}
      </p>
      <div className={css.crashedActions}>
        <Button variant="primary" onPress={onRetry}>
          {t.retryEditor}
        </Button>
        <Button variant="secondary" onPress={onBack}>
          {t.toolbar.back}
        </Button>
      </div>
    </div>
  );
}
