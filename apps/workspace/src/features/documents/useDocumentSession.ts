import {
  ACTIONS,
  type DocumentContent,
  type DocumentEditorProps,
  type DocumentRepository,
  DocumentStorageError,
} from '@wanxiang/editor';
import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { api } from '../../session/api';
import { type CloudStatus, CloudSync } from './cloudSync';
import { documentRepository, newDocumentRepository } from './repository';
import { DocumentTabs, type TabRole } from './tabs';

const m = t.cloudDocs;

export type LexicalEditor = Parameters<NonNullable<DocumentEditorProps['onEditorReady']>>[0];

interface Engine {
  sync: CloudSync;
  tabs: DocumentTabs;
}

/** The status before the sync exists: a local document. */
const localStatusAtom = atom<CloudStatus>({ kind: 'local' });

/**
 * One local document open in this tab, and everything that coordinates it: its cloud sync, the lock that
 * lets one tab of the browser edit it while the others read, the editor's remounts (a newer version from
 * the cloud or another tab, the user's choice in a conflict) and where each save goes (this document, a
 * copy kept of a retired version, or nowhere while another tab edits). The page only composes what this
 * answers.
 */
export function useDocumentSession(docId: string | undefined, owner: string) {
  const store = useStore();
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
    const sync = new CloudSync({ store, docs: api.docs, local: documentRepository, owner, localId: docId });
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
  }, [docId, owner, flushEditor, store]);

  const status = useAtomValue(engine?.sync.statusAtom ?? localStatusAtom);
  const conflict = status.kind === 'conflict' ? status.conflict : null;
  useEffect(() => {
    if (conflict) setConflictOpen(true);
  }, [conflict]);

  const repository = useMemo<DocumentRepository>(() => {
    const mine = generation;
    return {
      // The editor's 新建文档 makes a cloud document, as the home's 空白文档 does.
      ...newDocumentRepository,
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

  const saveToCloud = useCallback((): Promise<void> => engine?.sync.saveNow() ?? Promise.resolve(), [engine]);
  const markRestore = useCallback((version: number) => engine?.sync.markRestore(version), [engine]);

  return {
    /** False until the tab knows its role and the first opening has asked the cloud for a newer version. */
    ready: Boolean(docId && engine && opened && role !== 'pending'),
    role,
    status,
    conflict,
    conflictOpen,
    setConflictOpen,
    /** Each generation is one mount of the editor: key it by this. */
    generation,
    repository,
    onEditorReady,
    keepMine,
    keepTheirs,
    /** Saves to the cloud now (the editor's 保存到云端). */
    saveToCloud,
    /** The next cloud save puts back cloud version `version` (恢复此版本). */
    markRestore,
    /** Asks the tab that edits to hand over (a reader's 在此编辑). */
    requestEdit: () => engine?.tabs.requestEdit(),
  };
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
