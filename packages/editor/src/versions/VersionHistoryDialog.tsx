import { Alert, Button, ConfirmDialog, Dialog, Spinner } from '@wanxiang/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DocumentContent } from '../documents/types';
import { t } from '../i18n/zh-CN';
import { changeSize, type DiffRow, diffParagraphs, paragraphsOf } from './diff';
import { deltaLabel, formatVersionTime, kindLabel } from './format';
import type { VersionEntry, VersionSource } from './types';
import * as css from './versions.css';

const m = t.versions;

export interface VersionHistoryDialogProps {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  source: VersionSource;
  /** The text as it is now, compared with the chosen version. */
  current(): DocumentContent;
  /** Puts the version's content in the editor and saves it; the current text stays in the history. */
  onRestore(content: DocumentContent, entry: VersionEntry): Promise<void>;
  /** The clock for "this year" in the times (tests and stories fix it). */
  now?: () => number;
}

type ListState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; entries: VersionEntry[]; next: string | null; loadingMore: boolean };

type Chosen =
  | { status: 'loading'; entry: VersionEntry }
  | { status: 'failed'; entry: VersionEntry }
  | { status: 'ready'; entry: VersionEntry; content: DocumentContent; rows: DiffRow[] };

/**
 * 版本历史: the saved versions, newest first, with their time (Shanghai), how they were saved, their name
 * and how much they changed; choosing one shows it read-only beside the current text, the paragraphs and
 * words inserted and deleted marked; 恢复此版本 restores it after a confirmation.
 */
export function VersionHistoryDialog({ isOpen, onOpenChange, ...rest }: VersionHistoryDialogProps) {
  return (
    <Dialog title={m.title} size="lg" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      {(close) => <VersionHistory {...rest} close={close} />}
    </Dialog>
  );
}

function VersionHistory({
  source,
  current,
  onRestore,
  now = Date.now,
  close,
}: Omit<VersionHistoryDialogProps, 'isOpen' | 'onOpenChange'> & { close(): void }) {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [confirming, setConfirming] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const load = useCallback(() => {
    setList({ status: 'loading' });
    source.list().then(
      (page) => alive.current && setList({ status: 'ready', ...page, loadingMore: false }),
      () => alive.current && setList({ status: 'failed' }),
    );
  }, [source]);
  useEffect(load, [load]);

  const loadMore = () => {
    if (list.status !== 'ready' || !list.next) return;
    setList({ ...list, loadingMore: true });
    source.list(list.next).then(
      (page) =>
        alive.current &&
        setList({
          status: 'ready',
          entries: [...list.entries, ...page.entries],
          next: page.next,
          loadingMore: false,
        }),
      () => alive.current && setList({ ...list, loadingMore: false }),
    );
  };

  const choose = useCallback(
    (entry: VersionEntry) => {
      setChosen({ status: 'loading', entry });
      source.read(entry.id).then(
        (content) => {
          if (!alive.current) return;
          const rows = diffParagraphs(paragraphsOf(content), paragraphsOf(current()));
          setChosen((was) => (was?.entry.id === entry.id ? { status: 'ready', entry, content, rows } : was));
        },
        () =>
          alive.current &&
          setChosen((was) => (was?.entry.id === entry.id ? { status: 'failed', entry } : was)),
      );
    },
    [source, current],
  );

  const at = now();
  const when = (entry: VersionEntry) => formatVersionTime(entry.createdAt, at);

  return (
    <div className={css.body}>
      <p className={css.note}>{source.place === 'cloud' ? m.cloudNote : m.localNote}</p>
      {list.status === 'loading' ? (
        <Spinner size="sm" label={m.loading} showLabel />
      ) : list.status === 'failed' ? (
        <Alert tone="danger" actionLabel={m.retry} onAction={load}>
          {m.loadFailed}
        </Alert>
      ) : list.entries.length === 0 ? (
        <p className={css.note}>{m.empty}</p>
      ) : (
        <div className={css.layout}>
          <ul className={css.list} aria-label={m.listLabel}>
            {list.entries.map((entry, index) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className={css.item}
                  aria-pressed={chosen?.entry.id === entry.id}
                  onClick={() => choose(entry)}
                >
                  <span className={css.itemTime}>{when(entry)}</span>
                  {entry.name ? <span className={css.itemName}>{entry.name}</span> : null}
                  <span className={css.itemMeta}>
                    {[
                      index === 0 ? m.current : null,
                      kindLabel(entry),
                      entry.version ? m.number(entry.version) : null,
                      deltaLabel(entry),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </button>
              </li>
            ))}
            {list.next ? (
              <li>
                <Button variant="ghost" size="sm" isPending={list.loadingMore} onPress={loadMore}>
                  {m.more}
                </Button>
              </li>
            ) : null}
          </ul>
          <section className={css.pane} aria-label={chosen ? m.thisVersion(when(chosen.entry)) : m.title}>
            {!chosen ? (
              <p className={css.note}>{m.choose}</p>
            ) : chosen.status === 'loading' ? (
              <Spinner size="sm" label={m.loading} showLabel />
            ) : chosen.status === 'failed' ? (
              <Alert tone="danger" actionLabel={m.retry} onAction={() => choose(chosen.entry)}>
                {m.readFailed}
              </Alert>
            ) : (
              <Comparison rows={chosen.rows} when={when(chosen.entry)} />
            )}
          </section>
        </div>
      )}
      <div className={css.footer}>
        <Button variant="ghost" onPress={close}>
          {m.close}
        </Button>
        <Button variant="primary" isDisabled={chosen?.status !== 'ready'} onPress={() => setConfirming(true)}>
          {m.restoreAction}
        </Button>
      </div>
      {chosen?.status === 'ready' ? (
        <ConfirmDialog
          title={m.restoreTitle}
          confirmLabel={m.restoreConfirm}
          isOpen={confirming}
          onOpenChange={setConfirming}
          onConfirm={async () => {
            try {
              await onRestore(chosen.content, chosen.entry);
            } catch {
              throw new Error(m.restoreFailed);
            }
            close();
          }}
        >
          {m.restoreBody(when(chosen.entry))}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The chosen version (left) beside the current text (right), paragraph by paragraph. */
function Comparison({ rows, when }: { rows: DiffRow[]; when: string }) {
  const size = useMemo(() => changeSize(rows), [rows]);
  const same = size.added === 0 && size.removed === 0;
  return (
    <>
      <p className={css.summary} role="status">
        {same ? m.noChanges : m.chars(size.added, size.removed)}
      </p>
      <div className={css.compare}>
        <h3 className={css.columnHead}>{m.thisVersion(when)}</h3>
        <h3 className={css.columnHead}>{m.currentText}</h3>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed comparison, never reordered.
          <RowCells key={index} row={row} />
        ))}
      </div>
    </>
  );
}

function RowCells({ row }: { row: DiffRow }) {
  if (row.kind === 'same')
    return (
      <>
        <p className={css.cell}>{row.text}</p>
        <p className={css.cell}>{row.text}</p>
      </>
    );
  if (row.kind === 'removed')
    return (
      <>
        <p className={`${css.cell} ${css.cellRemoved}`}>
          <del className={css.del}>{row.text}</del>
        </p>
        <p className={css.cell} />
      </>
    );
  if (row.kind === 'added')
    return (
      <>
        <p className={css.cell} />
        <p className={`${css.cell} ${css.cellAdded}`}>
          <ins className={css.ins}>{row.text}</ins>
        </p>
      </>
    );
  if (row.kind !== 'changed') return null;
  const { parts } = row;
  return (
    <>
      <p className={css.cell}>
        {parts.map((part, index) =>
          part.kind === 'added' ? null : part.kind === 'removed' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed comparison.
            <del key={index} className={css.del}>
              {part.text}
            </del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed comparison.
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      <p className={css.cell}>
        {parts.map((part, index) =>
          part.kind === 'removed' ? null : part.kind === 'added' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed comparison.
            <ins key={index} className={css.ins}>
              {part.text}
            </ins>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed comparison.
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </>
  );
}
