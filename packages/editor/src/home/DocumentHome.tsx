import {
  Alert,
  Button,
  Card,
  ChatIcon,
  ConfirmDialog,
  DocumentIcon,
  IconButton,
  PlusIcon,
  Spinner,
  TrashIcon,
  toast,
} from '@wanxiang/ui';
import { useCallback, useEffect, useState } from 'react';
import type { DocumentRecord, DocumentRepository } from '../documents/types';
import { formatModified } from '../format/dates';
import { t } from '../i18n/zh-CN';
import * as css from './DocumentHome.css';

export const RECENT_DOCUMENTS_LIMIT = 8;

export interface DocumentHomeProps {
  repository: DocumentRepository;
  owner: string;
  onOpen(id: string): void;
  onBackToChat(): void;
  /** The present moment the dates are told against (今天 18:50, 11月20日); fixed in stories and tests. */
  now?: number;
}

/** /document: a 空白文档 card, the owner's 8 most recent documents, and the reserved cloud section. */
export function DocumentHome({ repository, owner, onOpen, onBackToChat, now }: DocumentHomeProps) {
  const [docs, setDocs] = useState<DocumentRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<DocumentRecord | null>(null);

  const load = useCallback(() => {
    setError(null);
    repository.listRecent(owner, RECENT_DOCUMENTS_LIMIT).then(setDocs, (e: unknown) => {
      setDocs([]);
      setError(e instanceof Error && e.message ? e.message : t.home.loadFailed);
    });
  }, [repository, owner]);
  useEffect(load, [load]);

  const create = async () => {
    setCreating(true);
    try {
      const record = await repository.create(owner);
      onOpen(record.id);
    } catch (e) {
      toast.error(e instanceof Error && e.message ? e.message : t.home.createFailed);
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className={css.page}>
      <header className={css.header}>
        <h1 className={css.title}>{t.home.title}</h1>
        <Button variant="ghost" iconStart={<ChatIcon />} onPress={onBackToChat}>
          {t.home.backToChat}
        </Button>
      </header>
      <section aria-labelledby="wx-docs-local">
        <h2 id="wx-docs-local" className={css.sectionTitle}>
          {t.home.local}
        </h2>
        {error ? (
          <Alert tone="danger" actionLabel={t.home.retry} onAction={load}>
            {error}
          </Alert>
        ) : null}
        <ul className={css.grid}>
          <li>
            <Card
              className={css.card}
              icon={<PlusIcon />}
              title={t.home.blank}
              isDisabled={creating}
              onPress={() => void create()}
            />
          </li>
          {docs === null ? (
            <li>
              <Spinner size="sm" />
            </li>
          ) : (
            docs.map((doc) => (
              <li key={doc.id} className={css.item}>
                <Card
                  className={css.card}
                  icon={<DocumentIcon />}
                  title={doc.title || t.panels.untitled}
                  description={t.home.modified(formatModified(doc.modifiedAt, now ?? Date.now(), t.dates))}
                  onPress={() => onOpen(doc.id)}
                />
                {/* Beside the card, not inside it: a button may not hold another button. */}
                <IconButton
                  size="sm"
                  variant="ghost"
                  className={css.remove}
                  aria-label={t.home.remove(doc.title || t.panels.untitled)}
                  onPress={() => setRemoving(doc)}
                >
                  <TrashIcon />
                </IconButton>
              </li>
            ))
          )}
        </ul>
      </section>
      <ConfirmDialog
        title={t.home.removeTitle}
        tone="danger"
        confirmLabel={t.home.removeConfirm}
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await repository.remove(removing.id, owner);
          load();
        }}
      >
        {t.home.removeBody(removing?.title || t.panels.untitled)}
      </ConfirmDialog>
      <section aria-labelledby="wx-docs-cloud">
        <h2 id="wx-docs-cloud" className={css.sectionTitle}>
          {t.home.cloud}
        </h2>
        <p className={css.cloud}>{t.home.cloudPending}</p>
      </section>
    </div>
  );
}
