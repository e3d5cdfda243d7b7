import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  DocumentIcon,
  IconButton,
  PlusIcon,
  Select,
  SelectItem,
  Spinner,
  TextField,
  TrashIcon,
  toast,
} from '@wanxiang/ui';
import { type Key, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { DocumentRecord, DocumentRepository } from '../documents/types';
import { formatModified } from '../format/dates';
import { t } from '../i18n/zh-CN';
import * as css from './DocumentHome.css';
import { type DocumentSort, visibleDocuments } from './visibleDocuments';

export { RECENT_DOCUMENTS_LIMIT } from './visibleDocuments';

export interface DocumentHomeProps {
  repository: DocumentRepository;
  owner: string;
  onOpen(id: string): void;
  /** @deprecated The app's sidebar leads back to the chat; the home no longer shows this button. */
  onBackToChat?(): void;
  /** The present moment the dates are told against (今天 18:50, 11月20日); fixed in stories and tests. */
  now?: number;
  /** The cloud documents section's content (the app lists them); without it the section says it is to come. */
  cloudSection?: ReactNode;
  /** Shown under the header, above the documents (the app's offer to move local documents to the cloud). */
  banner?: ReactNode;
  /** A short line on a document's card under its first lines (where it is kept: 云端, 仅本机…). */
  cardNote?(doc: DocumentRecord): ReactNode;
  /**
   * Makes a document kept only in this browser and opens it; with it the home offers 本机文档 beside
   * 空白文档 (which then makes whatever the repository makes, a cloud document for the app).
   */
  onCreateLocal?(): Promise<void>;
  /** The sections' titles, when the app names them otherwise (本地文档, 云端文档 by default). */
  sectionTitles?: { local?: string; cloud?: string };
}

/**
 * /document: a 空白文档 card, the owner's 8 most recent documents with their first lines (all of them on
 * request), searched by title or text and sorted by time or title, and the reserved cloud section.
 */
export function DocumentHome({
  repository,
  owner,
  onOpen,
  now,
  cloudSection,
  banner,
  cardNote,
  onCreateLocal,
  sectionTitles,
}: DocumentHomeProps) {
  const [docs, setDocs] = useState<DocumentRecord[] | null>(null);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<DocumentSort>('modified');
  const [showAll, setShowAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<DocumentRecord | null>(null);

  const load = useCallback(() => {
    setError(null);
    repository.listRecent(owner).then(setDocs, (e: unknown) => {
      setDocs([]);
      setError(e instanceof Error && e.message ? e.message : t.home.loadFailed);
    });
  }, [repository, owner]);
  useEffect(load, [load]);

  const shown = useMemo(
    () => (docs ? visibleDocuments(docs, { query, sort, showAll }) : null),
    [docs, query, sort, showAll],
  );
  const hidden = docs && !query.trim() && !showAll ? docs.length - (shown?.length ?? 0) : 0;

  const create = async (local = false) => {
    setCreating(true);
    try {
      if (local && onCreateLocal) await onCreateLocal();
      else {
        const record = await repository.create(owner);
        onOpen(record.id);
      }
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
        <div className={css.controls}>
          <TextField
            aria-label={t.home.search}
            placeholder={t.home.searchPlaceholder}
            type="search"
            value={query}
            onChange={setQuery}
            className={css.search}
          />
          <Select
            aria-label={t.home.sort}
            selectedKey={sort}
            onSelectionChange={(key: Key | null) => setSort(key === 'title' ? 'title' : 'modified')}
            className={css.sort}
          >
            <SelectItem id="modified">{t.home.sortModified}</SelectItem>
            <SelectItem id="title">{t.home.sortTitle}</SelectItem>
          </Select>
        </div>
      </header>
      {banner}
      <section aria-labelledby="wx-docs-local">
        <h2 id="wx-docs-local" className={css.sectionTitle}>
          {sectionTitles?.local ?? t.home.local}
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
          {onCreateLocal ? (
            <li>
              <Card
                className={css.card}
                icon={<PlusIcon />}
                title={t.home.blankLocal}
                description={t.home.blankLocalHint}
                isDisabled={creating}
                onPress={() => void create(true)}
              />
            </li>
          ) : null}
          {shown === null ? (
            <li>
              <Spinner size="sm" />
            </li>
          ) : (
            shown.map((doc) => (
              <li key={doc.id} className={css.item}>
                <Card
                  className={css.card}
                  icon={<DocumentIcon />}
                  title={doc.title || t.panels.untitled}
                  description={t.home.modified(formatModified(doc.modifiedAt, now ?? Date.now(), t.dates))}
                  onPress={() => onOpen(doc.id)}
                >
                  {doc.preview ? <span className={css.preview}>{doc.preview}</span> : null}
                  {cardNote ? cardNote(doc) : null}
                </Card>
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
        {shown && query.trim() && shown.length === 0 ? (
          <p className={css.noMatch} role="status">
            {t.home.noMatch(query.trim())}
          </p>
        ) : null}
        {hidden > 0 ? (
          <Button variant="ghost" className={css.showAll} onPress={() => setShowAll(true)}>
            {t.home.showAll(docs?.length ?? 0)}
          </Button>
        ) : null}
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
          {sectionTitles?.cloud ?? t.home.cloud}
        </h2>
        {cloudSection ?? <p className={css.cloud}>{t.home.cloudPending}</p>}
      </section>
    </div>
  );
}
