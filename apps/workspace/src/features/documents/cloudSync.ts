import {
  ApiError,
  type CloudDocument,
  type CloudDocumentContent,
  type DocsApi,
  NetworkError,
  TimeoutError,
} from '@wanxiang/api-client';
import type { DocumentContent, DocumentRepository } from '@wanxiang/editor';
import { atom, type createStore, type PrimitiveAtom } from 'jotai';
import { t } from '../../i18n/zh-CN';
import { type CloudLink, cloudLinks, documentHash } from './cloudLinks';

const m = t.cloudDocs;

/** What the document's cloud status label shows. */
export type CloudStatus =
  | { kind: 'local' }
  /** A cloud document not made yet: made on the server with its first edit. */
  | { kind: 'new' }
  | { kind: 'saved'; at: string }
  | { kind: 'saving' }
  | { kind: 'offline' }
  | { kind: 'conflict'; conflict: CloudConflict }
  | { kind: 'failed'; message: string };

/** A save refused because the cloud moved on: this page's version and the cloud's, both kept. */
export interface CloudConflict {
  mine: { title: string; content: DocumentContent };
  /** The version this page's changes were based on. */
  base: number;
  theirs: CloudDocument;
}

export interface CloudSyncOptions {
  /** The jotai store that holds the sync's status (the app's; a test's own). */
  store: ReturnType<typeof createStore>;
  docs: Pick<DocsApi, 'create' | 'save' | 'get'>;
  local: DocumentRepository;
  owner: string;
  localId: string;
  links?: typeof cloudLinks;
  /** Waits between retries while the server does not answer (the last one repeats). */
  retryDelaysMs?: readonly number[];
}

const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];
const OPEN_TIMEOUT_MS = 5000;

/** The server did not answer (or answered that it cannot now): the save waits and is retried. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  if (error instanceof DOMException) return error.name === 'AbortError' || error.name === 'TimeoutError';
  return error instanceof TypeError;
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return t.cloudDocs.notFound;
    return error.detail ?? (error.status === 413 ? m.tooLargeFallback : m.failedFallback);
  }
  return m.failedFallback;
}

/** A document with nothing in it yet: no title of its own, no text, nothing but empty paragraphs. */
export function isBlank(content: DocumentContent): boolean {
  if (content.title?.trim()) return false;
  const children = (content.editorState?.root as { children?: unknown[] } | undefined)?.children ?? [];
  return children.every((block) => {
    const node = block as { type?: unknown; children?: unknown[] };
    if (node.type !== 'paragraph') return false;
    return (node.children ?? []).every((child) => {
      const leaf = child as { type?: unknown; text?: unknown };
      return leaf.type === 'text' && typeof leaf.text === 'string' && leaf.text === '';
    });
  });
}

const asCloud = (content: DocumentContent) => content as unknown as CloudDocumentContent;
const asLocal = (content: CloudDocumentContent) => content as unknown as DocumentContent;

/**
 * The cloud side of one open local document. Local saves always come first (IndexedDB, by the editor);
 * a document bound to the cloud then pushes each save there, one at a time and only the newest, based on
 * the version it was loaded or last saved as. A refused save (409) becomes a conflict the user resolves,
 * keeping both versions; a save the server does not answer waits, marked dirty in the link, and is
 * retried when the server answers again (and on the next opening). Nothing is ever overwritten unseen.
 * Its status is an atom of the page's store (`statusAtom`), one per sync, so that the label and the
 * conflict dialog read it as any state: a sync being disposed never writes over the next one's.
 */
export class CloudSync {
  /** What the document's cloud status label shows. */
  readonly statusAtom: PrimitiveAtom<CloudStatus>;
  private readonly links: typeof cloudLinks;
  private readonly retryDelays: readonly number[];
  /** `manual`: the user asked for this save (保存到云端); the version history says so. */
  private pending: { title: string; content: DocumentContent; manual?: boolean } | null = null;
  private running: Promise<void> = Promise.resolve();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private disposed = false;
  /** Only the tab that edits the document pushes it (tabs.ts); another tab's sync waits. */
  private active = true;
  /** The first cloud save is under way: local saves meanwhile follow it (onto the new uuid). */
  private binding = false;
  /** 恢复此版本 is under way: the next save that changes the cloud's text puts back this version. */
  private restoring: number | null = null;

  constructor(private readonly options: CloudSyncOptions) {
    this.links = options.links ?? cloudLinks;
    this.retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const link = this.link();
    this.statusAtom = atom<CloudStatus>(
      !link
        ? { kind: 'local' }
        : link.dirty
          ? { kind: 'offline' }
          : link.version === 0
            ? { kind: 'new' }
            : { kind: 'saved', at: '' },
    );
    globalThis.addEventListener?.('online', this.onOnline);
  }

  private get status(): CloudStatus {
    return this.options.store.get(this.statusAtom);
  }

  get isBound(): boolean {
    return this.link() !== null;
  }

  get cloudId(): string | null {
    return this.link()?.cloudId ?? null;
  }

  /** This tab edits the document again: push what waits. */
  activate() {
    this.active = true;
    if (this.link()?.dirty && this.status.kind !== 'conflict') void this.pushLatest();
  }

  /** Another tab edits the document now: stop pushing, after the save under way (so both never race). */
  async deactivate(): Promise<void> {
    this.active = false;
    this.pending = null;
    clearTimeout(this.retryTimer);
    await this.running;
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.retryTimer);
    globalThis.removeEventListener?.('online', this.onOnline);
  }

  /**
   * Opening the document: a newer cloud version replaces an unchanged local copy (true: the editor must
   * show it), or is a conflict with local changes made offline; pending local changes are pushed.
   */
  open(): Promise<boolean> {
    // In line with the saves, so that a save landing meanwhile is never taken for another device's.
    const opened = this.running.then(() => this.openNow());
    this.running = opened.then(
      () => undefined,
      () => undefined,
    );
    return opened;
  }

  private async openNow(): Promise<boolean> {
    const link = this.link();
    if (!link) return false;
    if (link.version === 0) {
      // Not in the cloud yet: there is nothing newer to fetch; what waits is pushed (creating it).
      if (link.dirty) void this.pushLatest();
      return false;
    }
    let cloud: CloudDocument;
    try {
      // A slow server must not hold the document back: after a few seconds it opens as stored here.
      cloud = await this.options.docs.get(link.cloudId, { signal: AbortSignal.timeout(OPEN_TIMEOUT_MS) });
    } catch (error) {
      if (isUnreachable(error)) {
        this.setStatus({ kind: 'offline' });
        if (link.dirty) this.scheduleRetry();
      } else this.setStatus({ kind: 'failed', message: messageOf(error) });
      return false;
    }
    if (cloud.version === link.version) {
      if (link.dirty) void this.pushLatest();
      else this.setStatus({ kind: 'saved', at: cloud.updated_at });
      return false;
    }
    const local = await this.options.local.load(this.options.localId, this.options.owner);
    if (!local) return false;
    const mine = { title: local.record.title, content: local.content };
    const mineHash = documentHash(mine.title, mine.content);
    if (mineHash === documentHash(cloud.title, cloud.content)) {
      // This copy already has the cloud's text (another tab of this browser saved it, and its link had not
      // caught up when this one read it): nothing to choose between.
      this.links.update(this.options.owner, this.options.localId, {
        version: cloud.version,
        savedHash: mineHash,
        dirty: false,
      });
      this.setStatus({ kind: 'saved', at: cloud.updated_at });
      return false;
    }
    const changedHere = link.dirty || mineHash !== link.savedHash;
    if (changedHere) {
      this.setStatus({ kind: 'conflict', conflict: { mine, base: link.version, theirs: cloud } });
      return false;
    }
    await this.adopt(cloud);
    return true;
  }

  /** The editor saved locally: push it if the document is in the cloud. */
  noteLocalSave(content: DocumentContent, title: string) {
    const link = this.link();
    if (!link && !this.binding) return;
    if (this.status.kind === 'conflict') {
      // Changes made while the choice waits join this page's version of the conflict.
      this.setStatus({ kind: 'conflict', conflict: { ...this.status.conflict, mine: { title, content } } });
      return;
    }
    void this.push({ title, content });
  }

  /**
   * The editor is about to put back cloud version `version` (恢复此版本): the save that carries it says so,
   * and the server keeps it as a restore and never thins away the text it replaces.
   */
  markRestore(version: number) {
    this.restoring = version;
  }

  /** 保存到云端 (Ctrl+S): the first one gives the document its uuid; later ones save now. */
  async saveNow(): Promise<void> {
    const local = await this.options.local.load(this.options.localId, this.options.owner);
    if (!local) return;
    if (this.status.kind === 'conflict') return;
    if (this.link()) {
      await this.push({ title: local.record.title, content: local.content, manual: true });
      return;
    }
    this.binding = true;
    try {
      await this.push({ title: local.record.title, content: local.content, manual: true });
    } finally {
      this.binding = false;
    }
  }

  /** Resolves a conflict with this page's version; the cloud's is kept as a new local document. */
  async keepMine(): Promise<void> {
    if (this.status.kind !== 'conflict') return;
    const { mine, theirs } = this.status.conflict;
    await this.options.local.create(this.options.owner, {
      title: `${theirs.title}${m.copySuffixTheirs}`,
      content: asLocal(theirs.content),
    });
    this.links.update(this.options.owner, this.options.localId, {
      version: theirs.version,
      savedHash: documentHash(theirs.title, theirs.content),
      dirty: true,
    });
    this.setStatus({ kind: 'saving' });
    await this.push(mine);
  }

  /**
   * Resolves a conflict with the cloud's version, which becomes the local copy; this page's version is
   * kept as a new local document, whose id is returned (later saves of the old editor go there).
   */
  async keepTheirs(): Promise<string | null> {
    if (this.status.kind !== 'conflict') return null;
    const { mine, theirs } = this.status.conflict;
    const copy = await this.options.local.create(this.options.owner, {
      title: `${mine.title}${m.copySuffixMine}`,
      content: mine.content,
    });
    await this.adopt(theirs);
    return copy.id;
  }

  /** Makes a cloud version the local copy, and the base of the next save. */
  private async adopt(cloud: CloudDocument) {
    await this.options.local.save(
      this.options.localId,
      this.options.owner,
      asLocal(cloud.content),
      cloud.title,
    );
    this.links.set(this.options.owner, this.options.localId, {
      cloudId: cloud.id,
      version: cloud.version,
      savedHash: documentHash(cloud.title, cloud.content),
      dirty: false,
    });
    this.setStatus({ kind: 'saved', at: cloud.updated_at });
  }

  private link(): CloudLink | null {
    return this.links.get(this.options.owner, this.options.localId);
  }

  private setStatus(next: CloudStatus) {
    this.options.store.set(this.statusAtom, next);
  }

  private onOnline = () => {
    if (this.active && this.link()?.dirty && this.status.kind !== 'conflict') void this.pushLatest();
  };

  private scheduleRetry() {
    clearTimeout(this.retryTimer);
    if (this.disposed) return;
    const delay = this.retryDelays[Math.min(this.retries, this.retryDelays.length - 1)] ?? 30_000;
    this.retries += 1;
    this.retryTimer = setTimeout(() => {
      if (this.active) void this.pushLatest();
    }, delay);
  }

  /** Pushes what is stored locally now (after being offline, the newest local save). */
  private async pushLatest() {
    const local = await this.options.local.load(this.options.localId, this.options.owner);
    if (local) await this.push({ title: local.record.title, content: local.content });
  }

  /** Saves run one after another; while one runs, only the newest waiting snapshot is kept. */
  private push(snapshot: { title: string; content: DocumentContent; manual?: boolean }): Promise<void> {
    const first = this.pending === null;
    this.pending = snapshot;
    if (first) this.running = this.running.then(() => this.drain());
    return this.running;
  }

  private async drain() {
    const next = this.pending;
    this.pending = null;
    if (!next || this.disposed || !this.active) return;
    const { owner, localId, docs } = this.options;
    const link = this.link();
    const hash = documentHash(next.title, next.content);
    // A new document is made in the cloud with its first edit, not when it is opened blank.
    if (link && link.version === 0 && !link.dirty && isBlank(next.content)) {
      this.setStatus({ kind: 'new' });
      return;
    }
    // An unchanged document (the editor's save on opening, say) is not saved again; restoring the text it
    // already has changes nothing either.
    if (link && !link.dirty && hash === link.savedHash) {
      this.restoring = null;
      if (this.status.kind !== 'saved') this.setStatus({ kind: 'saved', at: '' });
      return;
    }
    if (link) this.links.update(owner, localId, { dirty: true });
    this.setStatus({ kind: 'saving' });
    try {
      if (link && link.version === 0) {
        await this.createBound(link.cloudId, next, hash);
        return;
      }
      if (!link) {
        const { id, retry } = this.links.pendingId(owner, localId);
        const created = await docs.create({
          id,
          title: next.title,
          content: asCloud(next.content),
          ...(next.manual ? { kind: 'manual' as const } : {}),
        });
        // A retry may have found the document an earlier attempt made, holding older content: the link
        // stays dirty and this snapshot is saved on top of it.
        this.links.set(owner, localId, {
          cloudId: created.id,
          version: created.version,
          savedHash: retry ? '' : hash,
          dirty: retry,
        });
        this.links.clearPendingId(owner, localId);
        if (retry) {
          this.pending ??= next;
          this.running = this.running.then(() => this.drain());
          return;
        }
        this.done(created);
        return;
      }
      const restoredFrom = this.restoring;
      const result = await docs.save(link.cloudId, {
        title: next.title,
        content: asCloud(next.content),
        baseVersion: link.version,
        ...(next.manual ? { kind: 'manual' as const } : {}),
        ...(restoredFrom !== null && restoredFrom <= link.version ? { restoredFrom } : {}),
      });
      if (this.restoring === restoredFrom) this.restoring = null;
      if (result.status === 'conflict') {
        // A newer local save that waited behind this one is this page's version of the conflict.
        const mine = this.pending ?? next;
        this.pending = null;
        this.setStatus({ kind: 'conflict', conflict: { mine, base: link.version, theirs: result.current } });
        return;
      }
      this.links.update(owner, localId, { version: result.document.version, savedHash: hash, dirty: false });
      this.done(result.document);
    } catch (error) {
      if (isUnreachable(error)) {
        this.setStatus({ kind: 'offline' });
        this.scheduleRetry();
      } else this.setStatus({ kind: 'failed', message: messageOf(error) });
    }
  }

  /**
   * The first push of a document bound before it was in the cloud: creates it under the uuid its link
   * chose. The server answers an id it already has with that document (an earlier attempt whose answer was
   * lost, another tab): if that holds other content, this snapshot is saved on top of it.
   */
  private async createBound(
    cloudId: string,
    next: { title: string; content: DocumentContent },
    hash: string,
  ) {
    const { owner, localId, docs } = this.options;
    const created = await docs.create({ id: cloudId, title: next.title, content: asCloud(next.content) });
    const same = documentHash(created.title, created.content) === hash;
    this.links.update(owner, localId, {
      version: created.version,
      savedHash: same ? hash : '',
      dirty: !same,
    });
    if (!same) {
      this.pending ??= next;
      this.running = this.running.then(() => this.drain());
      return;
    }
    this.done(created);
  }

  private done(document: CloudDocument) {
    this.retries = 0;
    clearTimeout(this.retryTimer);
    // A newer snapshot may be waiting already: the status says so only when it is saved too.
    if (this.pending === null) this.setStatus({ kind: 'saved', at: document.updated_at });
  }
}
