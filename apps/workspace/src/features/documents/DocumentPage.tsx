import { DocumentEditor, EditorPreferencesProvider } from '@wanxiang/editor';
import { Alert, Spinner } from '@wanxiang/ui';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { api } from '../../session/api';
import { useDocumentAssistant } from '../assistant/DocumentAssistant';
import { usePreferencesHost } from '../preferences/preferences';
import { CloudDocumentOpener } from './CloudDocumentOpener';
import * as cloudCss from './CloudDocuments.css';
import { CloudStatusLabel } from './CloudStatusLabel';
import { ConflictDialog } from './ConflictDialog';
import { cloudLinks } from './cloudLinks';
import { createCloudVersionSource } from './cloudVersions';
import * as styles from './DocumentPage.css';
import { currentOwner, documentRepository, documentVersionStore } from './repository';
import { createServerExporter } from './serverExport';
import { useCloudOutbox } from './useCloudOutbox';
import { useDocumentSession } from './useDocumentSession';

const m = t.cloudDocs;
const CLOUD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Navigate = (id: string, options?: { replace?: boolean }) => void;

/**
 * /document/{id}: the word processor on one document, kept in this browser and (unless the user chose to
 * keep it only here) saved to the cloud with every edit, queued while offline; /document/{uuid} opens a
 * cloud document (on another browser, it is fetched and kept locally first).
 */
export function DocumentPage() {
  const { docId } = useParams();
  const navigate = useNavigate();
  const onNavigate = useCallback<Navigate>(
    (id, options) => navigate(`/document/${encodeURIComponent(id)}`, { replace: options?.replace ?? false }),
    [navigate],
  );
  const onBack = useCallback(() => navigate('/document'), [navigate]);
  // Other documents' changes waiting for the cloud go while this one is edited (this one's own sync pushes it).
  useCloudOutbox(currentOwner());
  // The tab says which document is open ({title} · 万象); 文档 · 万象 while none is.
  const onTitleChange = useCallback((title: string | null) => {
    document.title = `${title ?? t.nav.documents} · ${t.brand.name}`;
  }, []);
  useEffect(() => () => onTitleChange(null), [onTitleChange]);
  // The user's 偏好设置, for every editor of the page; a document waits for them before it opens.
  const preferences = usePreferencesHost(api, currentOwner());
  return (
    <EditorPreferencesProvider value={preferences.host}>
      <div className={styles.page}>
        {preferences.status === 'loading' ? (
          <div className={cloudCss.opening}>
            <Spinner size="sm" label={t.pages.loading} showLabel />
          </div>
        ) : docId && CLOUD_ID.test(docId) ? (
          <CloudDocumentOpener key={docId} cloudId={docId} onNavigate={onNavigate} onBack={onBack} />
        ) : (
          <LocalDocument
            key={docId ?? ''}
            docId={docId}
            onNavigate={onNavigate}
            onBack={onBack}
            onTitleChange={onTitleChange}
            defaultModel={preferences.host.preferences.assistantModel}
          />
        )}
      </div>
    </EditorPreferencesProvider>
  );
}

function LocalDocument({
  docId,
  onNavigate,
  onBack,
  onTitleChange,
  defaultModel,
}: {
  docId: string | undefined;
  onNavigate: Navigate;
  onBack(): void;
  onTitleChange(title: string | null): void;
  defaultModel: string | null;
}) {
  const owner = currentOwner();
  const session = useDocumentSession(docId, owner);
  const { status, role } = session;
  // The assistant asks about the cloud document once the server has it, else transiently.
  const link =
    docId && status.kind !== 'local' && status.kind !== 'new' ? cloudLinks.get(owner, docId) : null;
  const cloudId = link && link.version > 0 ? link.cloudId : null;
  const assistant = useDocumentAssistant(docId, cloudId, defaultModel);
  const serverExport = useMemo(
    () => createServerExporter({ exports: api.exports, local: documentRepository, owner }),
    [owner],
  );
  // A document in the cloud shows the cloud's versions (every save); one only here, this browser's.
  const { saveToCloud, markRestore } = session;
  const cloudVersions = useMemo(
    () =>
      cloudId
        ? createCloudVersionSource({ docs: api.docs, cloudId, saveNow: saveToCloud, markRestore })
        : undefined,
    [cloudId, saveToCloud, markRestore],
  );

  if (!docId || !session.ready) {
    return (
      <div className={cloudCss.opening}>
        <Spinner size="sm" label={t.pages.loading} showLabel />
      </div>
    );
  }

  const readOnly = role !== 'editor';
  const notice = readOnly ? (
    <Alert
      tone="info"
      role="status"
      className={cloudCss.notice}
      {...(role === 'reader' ? { actionLabel: m.editHere, onAction: session.requestEdit } : {})}
    >
      {role === 'requesting' ? `${m.readOnly} ${m.takingOver}` : m.readOnly}
    </Alert>
  ) : status.kind === 'failed' ? (
    <Alert tone="warning" className={cloudCss.notice}>
      {status.message}
    </Alert>
  ) : null;

  return (
    <>
      <DocumentEditor
        key={session.generation}
        repository={session.repository}
        owner={owner}
        documentId={docId}
        onBack={onBack}
        onNavigate={onNavigate}
        onTitleChange={onTitleChange}
        onEditorReady={session.onEditorReady}
        onSaveCloud={session.saveToCloud}
        versionStore={documentVersionStore}
        {...(cloudVersions ? { versions: cloudVersions } : {})}
        serverExport={serverExport}
        cloudStatus={
          <CloudStatusLabel status={status} onShowConflict={() => session.setConflictOpen(true)} />
        }
        notice={notice}
        rightPanel={assistant.panel}
        dock={assistant.dock}
        readOnly={readOnly}
        autoFocus={!readOnly}
      />
      {session.conflict ? (
        <ConflictDialog
          conflict={session.conflict}
          isOpen={session.conflictOpen}
          onOpenChange={session.setConflictOpen}
          onKeepMine={session.keepMine}
          onKeepTheirs={session.keepTheirs}
        />
      ) : null}
    </>
  );
}
