import type { CloudDocumentContent, DocsApi } from '@wanxiang/api-client';
import type { DocumentRecord, DocumentRepository } from '@wanxiang/editor';
import { type CloudLink, cloudLinks, documentHash } from './cloudLinks';
import { isUnreachable } from './cloudSync';

const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000, 60_000];

/** The lock the tab editing a document holds (tabs.ts): the outbox leaves such a document to that tab. */
export const documentLockName = (localId: string) => `wanxiang-document:${localId}`;

/**
 * Runs `work` while holding the document's lock, if no tab holds it; false when a tab edits the document
 * (its own sync pushes it). Without Web Locks the work simply runs.
 */
async function whenFree(localId: string, work: () => Promise<void>): Promise<boolean> {
  const locks = globalThis.navigator?.locks;
  if (!locks) {
    await work();
    return true;
  }
  return locks.request(documentLockName(localId), { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await work();
    return true;
  });
}

export interface CloudOutboxOptions {
  docs: Pick<DocsApi, 'create' | 'save'>;
  local: DocumentRepository;
  owner: string;
  links?: typeof cloudLinks;
  /** Waits between retries while the server does not answer (the last one repeats). */
  retryDelaysMs?: readonly number[];
  /** Holds a document while it is pushed; by default its edit lock, if free. */
  withDocument?: (localId: string, work: () => Promise<void>) => Promise<boolean>;
  /** Something was saved to the cloud (the home refreshes its rows). */
  onChange?(): void;
}

/** What one pass over the queue came to. */
export interface DrainResult {
  saved: string[];
  /** Refused because the cloud moved on: left waiting, the choice is offered when the document opens. */
  conflicts: string[];
  /** Refused for good (too large, no room): left waiting, the document says why when it opens. */
  failed: string[];
  /** The server did not answer: the rest waits for the next pass. */
  unreachable: boolean;
}

/**
 * The queue of changes waiting for the cloud, for documents no tab has open: every local document whose
 * link is dirty (its newest content is in IndexedDB; edits made offline, a move to the cloud). They are
 * pushed oldest first, one at a time, when the app starts, when the browser comes back online and on
 * retries that wait longer each time the server does not answer. A document a tab edits is left to that
 * tab's sync. Each push is the document's whole newest content, so nothing typed is ever skipped; a save
 * the cloud refuses (409) stays queued and becomes the usual conflict choice when the document opens.
 */
export class CloudOutbox {
  private readonly links: typeof cloudLinks;
  private readonly retryDelays: readonly number[];
  private readonly withDocument: (localId: string, work: () => Promise<void>) => Promise<boolean>;
  private running: Promise<DrainResult> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private started = false;
  private disposed = false;

  constructor(private readonly options: CloudOutboxOptions) {
    this.links = options.links ?? cloudLinks;
    this.retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.withDocument = options.withDocument ?? whenFree;
  }

  /** The documents waiting, oldest first. */
  waiting(): { localId: string; link: CloudLink }[] {
    return Object.entries(this.links.all(this.options.owner))
      .filter(([, link]) => link.dirty)
      .map(([localId, link]) => ({ localId, link }))
      .sort((a, b) => (a.link.queuedAt ?? 0) - (b.link.queuedAt ?? 0) || a.localId.localeCompare(b.localId));
  }

  /** Drains now, on `online`, and retries with backoff while the server does not answer. */
  start() {
    if (this.started) return;
    this.started = true;
    globalThis.addEventListener?.('online', this.onOnline);
    void this.drain();
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.retryTimer);
    globalThis.removeEventListener?.('online', this.onOnline);
  }

  /** One pass over the queue; a pass asked for while one runs follows it. */
  drain(): Promise<DrainResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = this.pass().finally(() => {
      this.running = null;
      if (this.again && !this.disposed) {
        this.again = false;
        void this.drain();
      }
    });
    this.running = run;
    return run;
  }

  private onOnline = () => {
    this.retries = 0;
    void this.drain();
  };

  private async pass(): Promise<DrainResult> {
    const result: DrainResult = { saved: [], conflicts: [], failed: [], unreachable: false };
    for (const { localId } of this.waiting()) {
      if (this.disposed) break;
      try {
        await this.withDocument(localId, async () => {
          const outcome = await this.push(localId);
          if (outcome === 'saved') result.saved.push(localId);
          else if (outcome === 'conflict') result.conflicts.push(localId);
        });
      } catch (error) {
        if (isUnreachable(error)) {
          result.unreachable = true;
          break;
        }
        result.failed.push(localId);
      }
    }
    if (result.saved.length > 0) this.options.onChange?.();
    if (result.unreachable) this.scheduleRetry();
    else this.retries = 0;
    return result;
  }

  private scheduleRetry() {
    clearTimeout(this.retryTimer);
    if (this.disposed || !this.started) return;
    const delay = this.retryDelays[Math.min(this.retries, this.retryDelays.length - 1)] ?? 60_000;
    this.retries += 1;
    this.retryTimer = setTimeout(() => void this.drain(), delay);
  }

  /** Pushes one document's newest content (read afresh: the link may have changed meanwhile). */
  private async push(localId: string): Promise<'saved' | 'conflict' | 'skipped'> {
    const { owner, local, docs } = this.options;
    const link = this.links.get(owner, localId);
    if (!link?.dirty) return 'skipped';
    const stored = await local.load(localId, owner);
    if (!stored) {
      // Deleted here while it waited: nothing is left to push.
      this.links.remove(owner, localId);
      return 'skipped';
    }
    const title = stored.record.title;
    const content = stored.content as unknown as CloudDocumentContent;
    const hash = documentHash(title, content);
    let version = link.version;
    if (version === 0) {
      const created = await docs.create({ id: link.cloudId, title, content });
      version = created.version;
      if (documentHash(created.title, created.content) === hash) {
        this.links.update(owner, localId, { version, savedHash: hash, dirty: false });
        return 'saved';
      }
      // The id was made already (an earlier attempt, another tab) with other content: save on top.
      this.links.update(owner, localId, { version, savedHash: '' });
    }
    const answer = await docs.save(link.cloudId, { title, content, baseVersion: version });
    if (answer.status === 'conflict') return 'conflict';
    this.links.update(owner, localId, { version: answer.document.version, savedHash: hash, dirty: false });
    return 'saved';
  }
}

/**
 * Queues the owner's local documents that are in no cloud yet (and not kept only here by choice) to move
 * there: each gets its cloud uuid now, once. Under a lock shared by the browser's tabs, so that two tabs
 * moving at once bind each document once; the server answers a uuid it has with the document it made, so a
 * retried push makes nothing twice either. Returns how many were queued.
 */
export async function queueMoveToCloud(
  owner: string,
  records: readonly DocumentRecord[],
  links: typeof cloudLinks = cloudLinks,
  now: () => number = Date.now,
): Promise<number> {
  const bind = async () => {
    let queued = 0;
    // Oldest first, so that the queue moves them in the order they were written.
    const ordered = [...records].sort((a, b) => a.modifiedAt - b.modifiedAt);
    for (const record of ordered) {
      if (record.owner !== owner || links.get(owner, record.id) || links.isLocalOnly(owner, record.id))
        continue;
      links.bindNew(owner, record.id, { dirty: true, now: now() + queued });
      queued += 1;
    }
    return queued;
  };
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request('wanxiang-cloud-move', bind) : bind();
}
