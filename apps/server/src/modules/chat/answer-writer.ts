/**
 * A streaming answer's writes: the turn's rows (session, question, answer placeholder), then the answer's
 * text as it grows. The rows are written while the provider thinks, or just after the first piece of the
 * answer has gone out when the provider is quicker than that: an embedded database's writes run on the
 * thread that relays the streams, and the first token must not wait for them. Partial writes and the
 * settlement wait for the rows.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { messages } from '../../i18n/zh-CN';
import type { GenerationControl } from '../generation/control';
import type { ModelDefinition } from '../models/config';
import { type NewTurn, storePartialAnswer, storeTurn } from './repo';

/**
 * How often a streaming answer is written to the database: every 2 s, less often when many answers stream
 * at once, so that partial writes stay under about 25 a second in all (an embedded database runs them on
 * the thread that relays the streams).
 */
export const FLUSH_INTERVAL_MS = 2000;
const FLUSH_BUDGET_PER_SECOND = 25;
/** A provider silent for this long is thinking: the turn's rows are written meanwhile. */
const PERSIST_DELAY_MS = 30;

/** The pause between two partial writes of one answer when `streaming` answers stream in this process. */
export function flushInterval(streaming: number): number {
  return Math.max(FLUSH_INTERVAL_MS, (streaming * 1000) / FLUSH_BUDGET_PER_SECOND);
}

export class AnswerWriter {
  /** False once the turn's rows could not be written: nothing of the answer is kept (or charged). */
  stored = true;
  private persisted: Promise<void> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private flushed = '';
  private lastFlush = Date.now();
  private readonly persistTimer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly turn: Omit<NewTurn, 'model'> & { definition: ModelDefinition },
    private readonly control: GenerationControl,
    /** The pause between partial writes now (see flushInterval). */
    private readonly interval: () => number,
  ) {
    this.persistTimer = setTimeout(() => this.persist(), PERSIST_DELAY_MS);
  }

  /** Writes the turn's rows, once; a failure fails the turn and stops its provider call. */
  persist(): Promise<void> {
    if (this.persisted) return this.persisted;
    const { turn } = this;
    this.persisted = storeTurn(this.db, { ...turn, model: turn.definition }).catch((error) => {
      this.stored = false;
      this.logger.error({ err: error, turn: turn.turnId }, 'could not store a chat turn');
      this.control.fail({ code: 'internal', message: messages.chat.internal });
      this.control.controller.abort(new DOMException('storage failed', 'AbortError'));
    });
    this.flushing = this.persisted;
    return this.persisted;
  }

  /** The answer has grown to `text`: its rows are written at its first piece, then it at intervals. */
  grew(text: string): void {
    if (!this.persisted) this.persist();
    else if (this.stored && Date.now() - this.lastFlush >= this.interval()) this.flush(text);
  }

  private flush(text: string): void {
    if (text === this.flushed) return;
    this.flushed = text;
    this.lastFlush = Date.now();
    this.flushing = this.flushing
      .then(async () => {
        const marks = await storePartialAnswer(this.db, this.turn.assistantMessageId, text);
        // Another instance asked to stop it (a tab there pressed stop).
        if (marks.stopRequested) this.control.stop('client');
      })
      .catch((error) =>
        this.logger.warn({ err: error, turn: this.turn.turnId }, 'could not store partial answer'),
      );
  }

  /** The stream ended: the rows are written (if they were not yet) and every partial write is done. */
  async finish(): Promise<void> {
    clearTimeout(this.persistTimer);
    await this.persist();
  }

  /** Every partial write done, before the settlement writes the whole answer. */
  settled(): Promise<void> {
    return this.flushing;
  }
}
