/**
 * An answer being generated, apart from the connections that watch it. The tab that asked for it is its
 * first watcher; a reload of that tab, or another tab, watches it again through `GET sessions/{id}/live/`
 * and gets what was generated so far in one go, then the rest as it comes. Frames are encoded once and
 * written to every watcher.
 *
 * Why the turn outlives its connection, and for how long: a reload closes the connection that asked, and
 * an answer the user is waiting for must not die of it. So a turn no one watches goes on for a grace
 * (CHAT_UNWATCHED_GRACE, 30 s): long enough for a reload or for opening the chat elsewhere, short enough
 * that closing the tab still stops the model soon and the turn pays only for what was generated, as a
 * stop does. A watcher that comes back within the grace keeps it going. A tab on another
 * instance follows the stored answer (see `followStored` in routes.ts) and marks the row as watched, which
 * counts as watching here; its stop request is a mark on the row as well, read with the next partial write.
 */
import {
  encodeStreamFrame,
  STREAM_DONE_FRAME,
  type StreamFinalData,
  type StreamImageData,
  type StreamSearchData,
  type StreamTurnData,
} from '@wanxiang/api-client/contract';
import type { TurnFailure } from '../generation/provider-errors';

/** A connection following the answer: raw SSE bytes in, and the end. */
export interface Watcher {
  write(chunk: string): void;
  end(): void;
}

export class LiveTurn {
  private soFar = '';
  private readonly images: StreamImageData[] = [];
  /** The web search's latest step (it comes before the answer's text). */
  private searchFrame: string | null = null;
  /** The error and final frames, once sent: a watcher arriving after them still gets them. */
  private readonly closing: string[] = [];
  private ended = false;
  private readonly watchers = new Set<Watcher>();
  /** When the last watcher left (epoch ms). */
  unwatchedSince = Date.now();

  constructor(
    readonly ids: StreamTurnData,
    readonly userId: string,
    /** The last watcher left (the answer goes on, for a while). */
    private readonly onUnwatched: () => void,
  ) {}

  get watched(): boolean {
    return this.watchers.size > 0;
  }

  /** Adds a watcher: what the answer has so far, then what follows. Returns how to remove it. */
  watch(watcher: Watcher): () => void {
    watcher.write(encodeStreamFrame({ type: 'turn', data: this.ids }));
    if (this.searchFrame) watcher.write(this.searchFrame);
    if (this.soFar !== '') watcher.write(encodeStreamFrame({ type: 'text', data: this.soFar }));
    for (const image of this.images) watcher.write(encodeStreamFrame({ type: 'image_data', data: image }));
    for (const frame of this.closing) watcher.write(frame);
    if (this.ended) {
      watcher.write(STREAM_DONE_FRAME);
      watcher.end();
      return () => {};
    }
    this.watchers.add(watcher);
    return () => {
      if (this.watchers.delete(watcher) && this.watchers.size === 0 && !this.ended) {
        this.unwatchedSince = Date.now();
        this.onUnwatched();
      }
    };
  }

  private send(frame: string): void {
    for (const watcher of this.watchers) watcher.write(frame);
  }

  search(data: StreamSearchData): void {
    this.searchFrame = encodeStreamFrame({ type: 'search', data });
    this.send(this.searchFrame);
  }

  text(delta: string): void {
    this.soFar += delta;
    this.send(encodeStreamFrame({ type: 'text', data: delta }));
  }

  image(image: StreamImageData): void {
    this.images.push(image);
    this.send(encodeStreamFrame({ type: 'image_data', data: image }));
  }

  error(failure: TurnFailure): void {
    const frame = encodeStreamFrame({ type: 'error', data: failure });
    this.closing.push(frame);
    this.send(frame);
  }

  final(data: StreamFinalData): void {
    const frame = encodeStreamFrame({ type: 'final_data', data });
    this.closing.push(frame);
    this.send(frame);
  }

  /** `[DONE]` to every watcher, and their streams end. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const watcher of this.watchers) {
      watcher.write(STREAM_DONE_FRAME);
      watcher.end();
    }
    this.watchers.clear();
  }
}
