import type { StockApi } from '@wanxiang/api-client';
import type { WatchlistEntry } from '@wanxiang/api-client/contract';
import { Alert, Badge, Button, CloseIcon, IconButton, Spinner, TextField } from '@wanxiang/ui';
import { type FormEvent, useState } from 'react';
import { marketText } from './messages';
import * as styles from './StockDetail.css';
import { StockLink } from './StockLink';
import { stockText } from './stockMessages';
import { useWatchlist, type WatchlistState } from './stockQueries';

const t = stockText.watchlist;

export interface WatchlistPanelProps {
  state: WatchlistState;
  onRetry: () => void;
  /** Adds a code; resolves to the server's reason when it could not. */
  onAdd: (code: string) => Promise<string | null>;
  onRemove: (code: string) => Promise<string | null>;
  busy?: boolean;
}

const changeTone = (pct: number) =>
  pct > 0 ? styles.tone.up : pct < 0 ? styles.tone.down : styles.tone.flat;

/** 自选股 on the strategy board: the list with each stock's change and pick history, and an add-by-code field. */
export function WatchlistPanel({ state, onRetry, onAdd, onRemove, busy = false }: WatchlistPanelProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const simulated = state.status === 'ready' && state.list.source === 'simulated';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim();
    if (!wanted) return;
    const reason = await onAdd(wanted);
    setError(reason);
    if (!reason) setCode('');
  };

  return (
    <section className={styles.panel} aria-label={t.title}>
      <h2 className={styles.panelTitle}>
        {t.title}
        {state.status === 'ready' ? (
          <span className={styles.muted}>{t.count(state.list.data.length, state.list.limit)}</span>
        ) : null}
        {simulated ? (
          <span title={marketText.simulatedHint}>
            <Badge tone="warning">{marketText.simulated}</Badge>
          </span>
        ) : null}
      </h2>
      <form className={styles.addRow} onSubmit={submit}>
        <TextField
          className={styles.addField}
          label={t.inputLabel}
          placeholder={t.placeholder}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          maxLength={32}
          isInvalid={error !== null}
          errorMessage={error ?? undefined}
        />
        <Button
          className={styles.addButton}
          type="submit"
          variant="primary"
          isDisabled={busy || !code.trim()}
        >
          {t.add}
        </Button>
      </form>
      {state.status === 'loading' ? <Spinner label={stockText.loading} /> : null}
      {state.status === 'error' ? (
        <Alert tone="danger" actionLabel={stockText.retry} onAction={onRetry}>
          {state.message}
        </Alert>
      ) : null}
      {state.status === 'ready' && state.list.data.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : null}
      {state.status === 'ready' && state.list.data.length > 0 ? (
        <ul className={styles.list} aria-label={t.title}>
          {state.list.data.map((entry) => (
            <Row key={entry.code} entry={entry} busy={busy} onRemove={onRemove} onError={setError} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Row({
  entry,
  busy,
  onRemove,
  onError,
}: {
  entry: WatchlistEntry;
  busy: boolean;
  onRemove: (code: string) => Promise<string | null>;
  onError: (reason: string | null) => void;
}) {
  const last = entry.picks.last;
  return (
    <li className={styles.row} data-code={entry.code}>
      <span>
        <StockLink code={entry.code}>{entry.name}</StockLink>{' '}
        <span className={styles.code}>{entry.code}</span>
      </span>
      <span className={`${styles.number} ${entry.quote ? changeTone(entry.quote.pct_change) : ''}`}>
        {entry.quote
          ? `${entry.quote.pct_change > 0 ? '+' : ''}${entry.quote.pct_change.toFixed(2)}%`
          : t.noQuote}
      </span>
      <span className={styles.rowPicks}>
        {t.picks(entry.picks.count)}
        {last
          ? ` · ${t.lastPick(last.trade_date, last.run_phase_display, stockText.decision[last.decision])}`
          : ''}
      </span>
      <IconButton
        aria-label={t.remove(entry.code)}
        size="sm"
        isDisabled={busy}
        onPress={async () => onError(await onRemove(entry.code))}
      >
        <CloseIcon />
      </IconButton>
    </li>
  );
}

/** The panel on live data (inside the board's query client). */
export function LiveWatchlistPanel({ api }: { api: StockApi }) {
  const watchlist = useWatchlist(api);
  return (
    <WatchlistPanel
      state={watchlist.state}
      onRetry={watchlist.retry}
      onAdd={watchlist.add}
      onRemove={watchlist.remove}
      busy={watchlist.busy}
    />
  );
}
