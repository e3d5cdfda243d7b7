/**
 * One document open in several tabs of one browser: exactly one tab edits it, the others show it read-only
 * and follow its saves (spec: never a silent overwrite, even locally). The editing tab holds a Web Lock
 * named after the document, so a closed or crashed tab frees it at once and a waiting tab takes over. A
 * reading tab asks over a BroadcastChannel to edit; the editing tab saves what is pending, stops, and hands
 * the lock over, and the asking tab takes it (steal) and reloads the saved document.
 */
/** How long a tab opening the document waits for the lock before it opens read-only. */
const START_WAIT_MS = 1500;

export type TabRole = 'pending' | 'editor' | 'reader' | 'requesting';

type Message =
  | { type: 'takeover'; from: string }
  | { type: 'handover'; to: string }
  | { type: 'saved'; from: string };

export interface DocumentTabsOptions {
  /** The document's key (its local id). */
  key: string;
  onRole(role: TabRole): void;
  /** Before this tab gives the document away: save everything pending and stop. */
  beforeHandover(): Promise<void>;
  /** The editing tab saved: a reading tab shows the new content. */
  onPeerSaved(): void;
}

export class DocumentTabs {
  private role: TabRole = 'pending';
  private readonly id = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
  private readonly channel: BroadcastChannel | null;
  private readonly name: string;
  private waiting: AbortController | null = null;
  private release: (() => void) | null = null;
  private disposed = false;

  constructor(private readonly options: DocumentTabsOptions) {
    this.name = `wanxiang-document:${options.key}`;
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(this.name) : null;
    this.channel?.addEventListener('message', this.onMessage);
  }

  get current(): TabRole {
    return this.role;
  }

  start() {
    const locks = globalThis.navigator?.locks;
    // Without Web Locks (an insecure origin, an old browser) this tab edits, as before.
    if (!locks) {
      this.setRole('editor');
      return;
    }
    // A reloaded tab waits a moment for its former self to let go, rather than opening read-only.
    let granted = false;
    void locks
      .request(this.name, { signal: AbortSignal.timeout(START_WAIT_MS) }, () => {
        granted = true;
        return this.hold();
      })
      .catch(() => {
        if (granted) this.afterLoss();
        else {
          this.setRole('reader');
          this.wait();
        }
      });
  }

  /** A reading tab's 在此编辑: ask the editing tab to hand the document over. */
  requestEdit() {
    if (this.role !== 'reader') return;
    this.setRole('requesting');
    this.post({ type: 'takeover', from: this.id });
  }

  /** The editing tab saved the document locally. */
  announceSaved() {
    if (this.role === 'editor') this.post({ type: 'saved', from: this.id });
  }

  dispose() {
    this.disposed = true;
    this.waiting?.abort();
    this.release?.();
    this.channel?.removeEventListener('message', this.onMessage);
    this.channel?.close();
  }

  /** Holds the lock until released (handover, leaving the page) or stolen. */
  private hold(): Promise<void> {
    // Granted after this page left the document: give it back at once.
    if (this.disposed) return Promise.resolve();
    this.setRole('editor');
    return new Promise<void>((resolve) => {
      this.release = () => {
        this.release = null;
        resolve();
      };
    });
  }

  /** Queues for the lock: granted when the editing tab closes (or hands over to this one). */
  private wait() {
    const locks = globalThis.navigator?.locks;
    if (!locks || this.disposed) return;
    this.waiting?.abort();
    const waiting = new AbortController();
    this.waiting = waiting;
    locks
      .request(this.name, { signal: waiting.signal }, () => {
        if (this.waiting === waiting) this.waiting = null;
        return this.hold();
      })
      .catch(() => {
        // Aborted to steal instead, or taken by a steal while held: see afterLoss.
        if (waiting.signal.aborted) return;
        this.afterLoss();
      });
  }

  /** Another tab stole the lock: read-only, and queue again. */
  private afterLoss() {
    if (this.disposed) return;
    this.release = null;
    this.setRole('reader');
    this.wait();
  }

  private steal() {
    const locks = globalThis.navigator?.locks;
    if (!locks || this.disposed) return;
    this.waiting?.abort();
    this.waiting = null;
    void locks.request(this.name, { steal: true }, () => this.hold()).catch(() => this.afterLoss());
  }

  private onMessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.type === 'takeover' && this.role === 'editor') {
      void this.handOver(message.from);
    } else if (message.type === 'handover' && message.to === this.id && this.role === 'requesting') {
      this.steal();
    } else if (message.type === 'saved' && (this.role === 'reader' || this.role === 'requesting')) {
      this.options.onPeerSaved();
    }
  };

  private handingOver = false;

  /** Saves what is pending (still as the editing tab, so the saves are allowed), then gives way. */
  private async handOver(to: string) {
    if (this.handingOver) return;
    this.handingOver = true;
    try {
      await this.options.beforeHandover();
    } finally {
      this.handingOver = false;
      this.setRole('reader');
      this.post({ type: 'handover', to });
    }
  }

  private post(message: Message) {
    this.channel?.postMessage(message);
  }

  private setRole(role: TabRole) {
    if (this.role === role || this.disposed) return;
    this.role = role;
    this.options.onRole(role);
  }
}
