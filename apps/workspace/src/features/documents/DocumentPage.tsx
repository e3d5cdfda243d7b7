import { ApiError } from '@wanxiang/api-client';
import {
  ACTIONS,
  type DocumentContent,
  DocumentEditor,
  type DocumentEditorProps,
  DocumentMissing,
  type DocumentRepository,
  DocumentStorageError,
} from '@wanxiang/editor';
import { Alert, Button, Spinner } from '@wanxiang/ui';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { api } from '../../session/api';
import { useDocumentAssistant } from '../assistant/DocumentAssistant';
import * as cloudCss from './CloudDocuments.css';
import { CloudStatusLabel } from './CloudStatusLabel';
import { ConflictDialog } from './ConflictDialog';
import { cloudLinks, documentHash } from './cloudLinks';
import { type CloudStatus, CloudSync } from './cloudSync';
import * as styles from './DocumentPage.css';
import { currentOwner, documentRepository } from './repository';
import { createServerExporter } from './serverExport';
import { DocumentTabs, type TabRole } from './tabs';

const m = t.cloudDocs;
const CLOUD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type LexicalEditor = Parameters<NonNullable<DocumentEditorProps['onEditorReady']>>[0];
type Navigate = (id: string, options?: { replace?: boolean }) => void;

/**
 * /document/{id}: the word processor on one local document, saved to the cloud once the user
 * saves it there; /document/{uuid} opens a cloud document (on another browser, it is fetched and kept
 * locally first).
 */
export function DocumentPage() {
  const { docId } = useParams();
  const navigate = useNavigate();
  const onNavigate = useCallback<Navigate>(
    (id, options) => navigate(`/document/${encodeURIComponent(id)}`, { replace: options?.replace ?? false }),
    [navigate],
  );
  const onBack = useCallback(() => navigate('/document'), [navigate]);
  // The tab says which document is open ({title} · 万象); 文档 · 万象 while none is.
  const onTitleChange = useCallback((title: string | null) => {
    document.title = `${title ?? t.nav.documents} · ${t.brand.name}`;
  }, []);
  useEffect(() => () => onTitleChange(null), [onTitleChange]);
  return (
    <div className={styles.page}>
      {docId && CLOUD_ID.test(docId) ? (
        <CloudDocumentOpener key={docId} cloudId={docId} onNavigate={onNavigate} onBack={onBack} />
      ) : (
        <LocalDocument
          key={docId ?? ''}
          docId={docId}
          onNavigate={onNavigate}
          onBack={onBack}
          onTitleChange={onTitleChange}
        />
      )}
    </div>
  );
}

interface Engine {
  sync: CloudSync;
  tabs: DocumentTabs;
}

const LOCAL_STATUS: CloudStatus = { kind: 'local' };
const noSubscription = () => () => {};

function LocalDocument({
  docId,
  onNavigate,
  onBack,
  onTitleChange,
}: {
  docId: string | undefined;
  onNavigate: Navigate;
  onBack(): void;
  onTitleChange(title: string | null): void;
}) {
  const owner = currentOwner();
  const [engine, setEngine] = useState<Engine | null>(null);
  const [role, setRole] = useState<TabRole>('pending');
  const roleRef = useRef<TabRole>('pending');
  const [opened, setOpened] = useState(false);
  // Each generation is one mount of the editor; a new one shows what is stored now.
  const [generation, setGeneration] = useState(0);
  const generationRef = useRef(0);
  const divertRef = useRef<string | null>(null);
  const inflight = useRef(new Set<Promise<unknown>>());
  const editorRef = useRef<LexicalEditor | null>(null);
  const [conflictOpen, setConflictOpen] = useState(false);

  /** Saves what the editor has pending, and waits until no save of this page is under way. */
  const flushEditor = useCallback(async () => {
    editorRef.current?.dispatchCommand(ACTIONS.saveNow.command, undefined);
    // The editor's flush starts its save a few promise turns later, after any save under way: wait until
    // no save is in flight once a task has passed.
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (inflight.current.size === 0) return;
      await Promise.allSettled([...inflight.current]);
    }
  }, []);

  useEffect(() => {
    if (!docId) return;
    const sync = new CloudSync({ docs: api.docs, local: documentRepository, owner, localId: docId });
    const reload = () => {
      generationRef.current += 1;
      setGeneration(generationRef.current);
    };
    let first = true;
    let stale = false;
    const onVisible = () => {
      if (stale && document.visibilityState === 'visible') {
        stale = false;
        reload();
      }
    };
    const tabs = new DocumentTabs({
      key: docId,
      onRole(next) {
        roleRef.current = next;
        setRole(next);
        if (next === 'editor') {
          if (first) {
            first = false;
            // The first opening asks the cloud for a newer version before the editor shows.
            sync.open().then(
              (changed) => {
                if (changed) reload();
                setOpened(true);
              },
              () => setOpened(true),
            );
          } else {
            // Took over from another tab (or it closed): show what it saved, then save here; the cloud may
            // also have a newer version from another device meanwhile.
            reload();
            sync.activate();
            void sync.open().then((changed) => {
              if (changed) reload();
            });
          }
        } else if (next === 'reader') {
          first = false;
          void sync.deactivate();
          setOpened(true);
        }
      },
      async beforeHandover() {
        editorRef.current?.setEditable(false);
        await flushEditor();
        await sync.deactivate();
      },
      onPeerSaved() {
        if (document.visibilityState === 'visible') reload();
        else stale = true;
      },
    });
    document.addEventListener('visibilitychange', onVisible);
    setEngine({ sync, tabs });
    tabs.start();
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      tabs.dispose();
      sync.dispose();
    };
  }, [docId, owner, flushEditor]);

  const status = useSyncExternalStore(
    engine?.sync.subscribe ?? noSubscription,
    engine?.sync.getStatus ?? (() => LOCAL_STATUS),
  );
  const conflict = status.kind === 'conflict' ? status.conflict : null;
  // The assistant asks about the cloud document once it has one, else transiently.
  const cloudId = docId && status.kind !== 'local' ? (cloudLinks.get(owner, docId)?.cloudId ?? null) : null;
  const assistant = useDocumentAssistant(docId, cloudId);
  useEffect(() => {
    if (conflict) setConflictOpen(true);
  }, [conflict]);

  const repository = useMemo<DocumentRepository>(() => {
    const mine = generation;
    return {
      ...documentRepository,
      async save(id, who, content, title) {
        if (!engine || id !== docId) return documentRepository.save(id, who, content, title);
        if (mine !== generationRef.current) {
          // A replaced editor's last save (typed after its version was kept as a copy) goes to that copy.
          const copy = divertRef.current;
          if (copy) return documentRepository.save(copy, who, content, `${title}${m.copySuffixMine}`);
          return unchangedOrRefused(id, who, content);
        }
        if (roleRef.current !== 'editor') return unchangedOrRefused(id, who, content);
        const work = documentRepository.save(id, who, content, title);
        inflight.current.add(work);
        try {
          const record = await work;
          engine.sync.noteLocalSave(content, title);
          engine.tabs.announceSaved();
          return record;
        } finally {
          inflight.current.delete(work);
        }
      },
    };
  }, [generation, engine, docId]);

  const serverExport = useMemo(
    () => createServerExporter({ exports: api.exports, local: documentRepository, owner }),
    [owner],
  );

  const onEditorReady = useCallback((editor: LexicalEditor) => {
    editorRef.current = editor;
  }, []);

  const keepMine = useCallback(async () => {
    if (!engine) return;
    await flushEditor();
    await engine.sync.keepMine();
  }, [engine, flushEditor]);

  const keepTheirs = useCallback(async () => {
    if (!engine) return;
    await flushEditor();
    // From here the editor on screen is retired: its saves go to the copy kept of its version.
    generationRef.current += 1;
    divertRef.current = await engine.sync.keepTheirs();
    setGeneration(generationRef.current);
  }, [engine, flushEditor]);

  if (!docId || !engine || !opened || role === 'pending') {
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
      {...(role === 'reader' ? { actionLabel: m.editHere, onAction: () => engine.tabs.requestEdit() } : {})}
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
        key={generation}
        repository={repository}
        owner={owner}
        documentId={docId}
        onBack={onBack}
        onNavigate={onNavigate}
        onTitleChange={onTitleChange}
        onEditorReady={onEditorReady}
        onSaveCloud={() => void engine.sync.saveNow()}
        serverExport={serverExport}
        cloudStatus={<CloudStatusLabel status={status} onShowConflict={() => setConflictOpen(true)} />}
        notice={notice}
        rightPanel={assistant.panel}
        dock={assistant.dock}
        readOnly={readOnly}
        autoFocus={!readOnly}
      />
      {conflict ? (
        <ConflictDialog
          conflict={conflict}
          isOpen={conflictOpen}
          onOpenChange={setConflictOpen}
          onKeepMine={keepMine}
          onKeepTheirs={keepTheirs}
        />
      ) : null}
    </>
  );
}

/**
 * A save this page may not make (another tab edits the document): refused with a clear message, unless it
 * only repeats what is stored (the editor saves once on opening), which is no change at all.
 */
async function unchangedOrRefused(id: string, owner: string, content: DocumentContent) {
  const stored = await documentRepository.load(id, owner);
  if (stored && JSON.stringify(stored.content) === JSON.stringify(content)) return stored.record;
  throw new DocumentStorageError('failed', m.readOnly);
}

/** /document/{uuid}: the local copy bound to that cloud document, fetched into this browser if need be. */
function CloudDocumentOpener({
  cloudId,
  onNavigate,
  onBack,
}: {
  cloudId: string;
  onNavigate: Navigate;
  onBack(): void;
}) {
  const [state, setState] = useState<'loading' | 'missing' | 'failed'>('loading');
  const open = useCallback(async () => {
    setState('loading');
    const owner = currentOwner();
    try {
      const bound = cloudLinks.findLocal(owner, cloudId);
      if (bound && (await documentRepository.load(bound, owner))) {
        onNavigate(bound, { replace: true });
        return;
      }
      // The local copy was deleted here: forget its link, fetch the document afresh.
      if (bound) cloudLinks.remove(owner, bound);
      const cloud = await api.docs.get(cloudId);
      const content = cloud.content as unknown as DocumentContent;
      const record = await documentRepository.create(owner, { title: cloud.title, content });
      cloudLinks.set(owner, record.id, {
        cloudId,
        version: cloud.version,
        savedHash: documentHash(cloud.title, cloud.content),
        dirty: false,
      });
      onNavigate(record.id, { replace: true });
    } catch (error) {
      setState(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed');
    }
  }, [cloudId, onNavigate]);
  useEffect(() => {
    void open();
  }, [open]);

  if (state === 'loading')
    return (
      <div className={cloudCss.opening}>
        <Spinner size="sm" label={t.pages.loading} showLabel />
      </div>
    );
  // Not there (404: deleted, another account's, never made): nothing to retry, a new document instead.
  if (state === 'missing') {
    return (
      <DocumentMissing
        hint={m.notFoundHint}
        onBack={onBack}
        onCreate={async () => {
          const record = await documentRepository.create(currentOwner());
          onNavigate(record.id, { replace: true });
        }}
      />
    );
  }
  return (
    <div className={cloudCss.opening}>
      <Alert tone="danger" actionLabel={m.retry} onAction={() => void open()}>
        {m.openFailed}
      </Alert>
      <Button variant="secondary" onPress={onBack}>
        {t.nav.documents}
      </Button>
    </div>
  );
}
