import type { CloudDocumentSummary } from '@wanxiang/api-client';
import { Alert, ConfirmDialog, IconButton, Spinner, Tooltip, TrashIcon } from '@wanxiang/ui';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import * as css from './CloudDocuments.css';
import { formatCloudDate } from './cloudText';

const m = t.cloudDocs;

export interface CloudDocumentListProps {
  /** The signed-in user's cloud documents (api.docs.list). */
  load(): Promise<CloudDocumentSummary[]>;
  /** Opens /document/{uuid}: on another browser the document is fetched and kept locally. */
  onOpen(id: string): void;
  /**
   * Deletes the cloud document (api.docs.remove) and unbinds its local copy, which stays as a local-only
   * document. Without it the list has no delete buttons.
   */
  onDelete?(doc: CloudDocumentSummary): Promise<void>;
  /** The present moment the dates are told against (今天 09:42, 11月20日); fixed in stories and tests. */
  now?: number;
}

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; docs: CloudDocumentSummary[] };

/**
 * The document home's cloud section: the cloud documents this device has no copy of (the others are the
 * cards above), last saved first, with their dates.
 */
export function CloudDocumentList({ load, onOpen, onDelete, now }: CloudDocumentListProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [deleting, setDeleting] = useState<CloudDocumentSummary | null>(null);
  const refresh = useCallback(() => {
    setState({ kind: 'loading' });
    load().then(
      (docs) => setState({ kind: 'ready', docs }),
      () => setState({ kind: 'failed' }),
    );
  }, [load]);
  useEffect(refresh, [refresh]);

  const confirmDelete = async (doc: CloudDocumentSummary) => {
    if (!onDelete) return;
    try {
      await onDelete(doc);
    } catch (cause) {
      // The dialog stays open and says so; the document stays listed.
      throw new Error(m.deleteFailed, { cause });
    }
    setState((current) =>
      current.kind === 'ready'
        ? { kind: 'ready', docs: current.docs.filter((d) => d.id !== doc.id) }
        : current,
    );
  };

  if (state.kind === 'loading') return <Spinner size="sm" label={m.listLoading} showLabel />;
  if (state.kind === 'failed')
    return (
      <Alert tone="warning" actionLabel={m.retry} onAction={refresh}>
        {m.listFailed}
      </Alert>
    );
  if (state.docs.length === 0) return <p className={css.listMessage}>{m.listEmpty}</p>;
  return (
    <>
      <ul className={css.list} aria-label={m.listLabel}>
        {state.docs.map((doc) => (
          <li key={doc.id} className={css.row}>
            <button type="button" className={css.item} onClick={() => onOpen(doc.id)}>
              <span className={css.itemTitle}>{doc.title}</span>
              <span className={css.itemDate}>{m.updated(formatCloudDate(doc.updated_at, now))}</span>
            </button>
            {onDelete ? (
              <Tooltip content={m.deleteLabel(doc.title)}>
                <IconButton
                  aria-label={m.deleteLabel(doc.title)}
                  variant="ghost"
                  onPress={() => setDeleting(doc)}
                >
                  <TrashIcon />
                </IconButton>
              </Tooltip>
            ) : null}
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmDialog
          title={m.deleteTitle(deleting.title)}
          tone="danger"
          confirmLabel={m.deleteConfirm}
          isOpen
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          onConfirm={() => confirmDelete(deleting)}
        >
          {m.deleteBody}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
