/**
 * A chat turn from request to settlement. Up front, in one statement: a hold on the user's credits big
 * enough for the longest answer the turn may produce (or the whole balance, with the answer's length cut to
 * match), so that simultaneous turns can never overdraw; a balance below the minimum refuses the turn before
 * any stream, and before any call to the provider. The session, the user message and an assistant placeholder
 * are written while the
 * provider thinks, or right after the first token has gone out when it answers at once. The stream is
 * relayed as it comes and written to the placeholder every two seconds (less often under many simultaneous
 * streams). At the end (complete, stopped by the client, failed) one statement stores the answer with its
 * status and settles the hold to the real cost: the provider's reported usage, or an estimate of what was
 * generated when the stream was cut.
 *
 * The paid generation itself (hold, provider, relay, settlement) is modules/generation's; what is the
 * chat's own lives beside this file: where the turn goes in its session (placement.ts), its web search
 * (web-search.ts), its rows and partial writes (answer-writer.ts), its generated images
 * (answer-images.ts), who watches it (live.ts, unwatched.ts) and its settlement with the answer
 * (settlement.ts).
 */
import type {
  CreateTurnRequest,
  StreamFinalData,
  StreamImageData,
  StreamSearchData,
} from '@wanxiang/api-client/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/priority';
import { messages } from '../../i18n/zh-CN';
import { modelForTurn } from '../billing/planModels';
import type { FileStore } from '../files/store';
import { GenerationControl, type StopReason } from '../generation/control';
import { holdGeneration, type PreparedGeneration } from '../generation/hold';
import type { TurnFailure } from '../generation/provider-errors';
import { outcomeOf, relay } from '../generation/relay';
import { type RunningGeneration, RunningGenerations, recoveryIdleMs } from '../generation/running';
import type { ModelCatalog } from '../models/catalog';
import type { ModelDefinition } from '../models/config';
import { estimatePromptTokens } from '../models/tokens';
import { type SearchSettings, WebSearch } from '../search';
import { AnswerImages } from './answer-images';
import { AnswerWriter, FLUSH_INTERVAL_MS, flushInterval } from './answer-writer';
import { attachmentsForModel, type PromptAttachment } from './attachments/extract';
import type { AttachmentReader } from './attachments/reader';
import { messageFiles, type StoredFile } from './attachments/repo';
import { LiveTurn } from './live';
import { placeTurn } from './placement';
import { type ContextMessage, contextOf, estimateContextTokens, toPrompt } from './prompt';
import { recoverInterrupted, releaseTurnHolds } from './recovery';
import type { NewTurn, StoredSearch } from './repo';
import { settleTurn, turnReference } from './settlement';
import { watchUnwatched } from './unwatched';
import { SEARCH_RESULT_TOKENS, type TurnSearchPlan, TurnWebSearch } from './web-search';

const m = messages.chat;

export interface ChatSettings {
  firstTokenTimeout: number;
  providerRetries: number;
  historyMessages: number;
  /** The web search of turns with 联网搜索 on; null or absent when none is configured. */
  search?: SearchSettings | null;
  /** Seconds an answer goes on with no one watching it (live.ts); 0 stops it when its tab goes. */
  unwatchedGrace: number;
}

/** A turn ready to stream: its rows' ids are chosen here, so the stream can start before they are written. */
export interface PreparedTurn extends Omit<NewTurn, 'model'>, PreparedGeneration {
  /** Present when the user turned web search on for this turn. */
  search?: TurnSearchPlan;
}

/** Where the turn's events go: its live answer (live.ts), which writes them to every watcher. */
export interface TurnSink {
  text(delta: string): void;
  image(image: StreamImageData): void;
  error(failure: TurnFailure): void;
  final(data: StreamFinalData): void;
  /** The web search's progress (before the answer). */
  search(data: StreamSearchData): void;
}

class Deferred {
  promise: Promise<void>;
  resolve!: () => void;
  constructor() {
    this.promise = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }
}

export class ChatService {
  private readonly webSearch: TurnWebSearch;
  /** How many results a web search puts in the prompt; 0 when no search is configured. */
  private readonly searchResults: number;

  /** Turns streaming in this process, so shutdown can stop and settle them, and deletion can stop its own. */
  private readonly running = new RunningGenerations<
    RunningGeneration & { sessionId: string; live: LiveTurn }
  >();

  constructor(
    private readonly db: Db,
    private readonly catalog: ModelCatalog,
    private readonly settings: ChatSettings,
    private readonly logger: Logger,
    /** Where attached files are kept; a server without one refuses turns with files. */
    private readonly files?: FileStore,
    /** A local directory for generated images on their way into the store (see files/store.ts). */
    private readonly stagingDir?: string,
    /** Reads attached PDF and Word files off the event loop (see attachments/reader.ts). */
    private readonly reader?: AttachmentReader,
  ) {
    this.webSearch = new TurnWebSearch(db, logger, settings.search ? new WebSearch(settings.search) : null);
    this.searchResults = settings.search?.maxResults ?? 0;
  }

  /**
   * Everything that may refuse a turn, before any byte of the stream: input, model, session, credits.
   * `uploads` are the question's files, already checked and in the file store.
   */
  async prepareTurn(
    userId: string,
    request: CreateTurnRequest,
    uploads: readonly StoredFile[] = [],
  ): Promise<PreparedTurn> {
    const { definition, model } = await modelForTurn(this.db, this.catalog, userId, request.model_id);
    const { base, text, title, parentId, position, questionId } = await placeTurn(
      this.db,
      userId,
      request,
      uploads,
    );
    // A regenerated answer sees its question's files again.
    const stored = questionId ? await messageFiles(this.db, questionId) : [...uploads];
    const earlier = contextOf(base, this.settings.historyMessages);
    const question: ContextMessage = { role: 'user', text };
    const attachments = await this.forModel(
      userId,
      stored,
      definition,
      estimatePromptTokens([...earlier, question]),
    );
    const files = stored.map((file, index) => ({
      ...file,
      truncated: attachments[index]?.truncated ?? false,
    }));
    const context = [...earlier, { ...question, attachments }];
    const searching = request.search_enabled === true && this.settings.search != null && definition.webSearch;
    // The results are not known yet: the hold counts them at a generous size; usage settles the truth.
    const promptTokens =
      estimateContextTokens(context) + (searching ? this.searchResults * SEARCH_RESULT_TOKENS : 0);

    const turnId = crypto.randomUUID();
    const controller = new AbortController();
    const turn: PreparedTurn = {
      turnId,
      userId,
      sessionId: request.session_id ?? crypto.randomUUID(),
      newSession: !request.session_id,
      title,
      text,
      parentId,
      position,
      regenerate: questionId !== null,
      files,
      userMessageId: questionId ?? crypto.randomUUID(),
      assistantMessageId: crypto.randomUUID(),
      definition,
      model,
      prompt: toPrompt(context),
      promptTokens,
      reserve: 0,
      maxOutputTokens: definition.maxOutputTokens,
      controller,
    };
    try {
      // Credits first, the provider second (see holdGeneration).
      const held = await holdGeneration(this.db, {
        userId,
        reference: turnReference(turnId),
        note: m.ledgerHold(definition.name),
        kind: 'chat',
        target: { type: 'conversation', id: turn.sessionId },
        model: definition,
        promptTokens,
      });
      turn.reserve = held.reserve;
      turn.maxOutputTokens = held.maxOutputTokens;
    } catch (error) {
      controller.abort(new DOMException('refused', 'AbortError'));
      throw error;
    }
    if (request.search_enabled) turn.search = await this.webSearch.plan(turn);
    return turn;
  }

  /** The files as the model gets them, read from the store (see attachmentsForModel). */
  private async forModel(
    userId: string,
    files: readonly StoredFile[],
    definition: ModelDefinition,
    usedTokens: number,
  ): Promise<PromptAttachment[]> {
    if (files.length === 0) return [];
    const store = this.files;
    if (!store) throw new Error('attachments need a file store');
    const sources = files.map((file) => ({
      ...file,
      open: async () => {
        const stream = await store.open(file.key);
        if (!stream) throw new Error(m.attachmentMissing);
        return stream;
      },
    }));
    return attachmentsForModel(sources, definition, usedTokens, { reader: this.reader, owner: userId });
  }

  /**
   * Starts generating the answer: its live answer is returned at once for the asking connection to watch
   * (LiveTurn.watch), and `done` settles when the turn is stored and settled. `beforeDone` runs between
   * the final frame and `[DONE]` (the route gives the user's stream slot back there).
   */
  startTurn(
    turn: PreparedTurn,
    beforeDone: () => Promise<void> = async () => {},
  ): { live: LiveTurn; done: Promise<void> } {
    const finished = new Deferred();
    let onUnwatched = () => {};
    const live = new LiveTurn(
      {
        session_id: turn.sessionId,
        message_id: turn.assistantMessageId,
        user_message_id: turn.userMessageId,
        // A new chat is listed in the history (and has its address) from this frame on, under this title.
        title: turn.title,
      },
      turn.userId,
      () => onUnwatched(),
    );
    // Admitted, the answer's own writes (its rows, partial text, settlement) let newer requests' first
    // statements go first (db/priority.ts): they are not what anyone is waiting for.
    const running = inBackground(() =>
      this.runTurn(turn, live, finished, (handler) => {
        onUnwatched = handler;
      }),
    );
    const done = running.then(async () => {
      try {
        await beforeDone();
      } finally {
        this.running.delete(turn.turnId);
        live.end();
      }
    });
    return { live, done };
  }

  /** The answer the user's session `sessionId` is generating in this process, if any. */
  liveTurn(userId: string, sessionId: string): LiveTurn | undefined {
    let found: LiveTurn | undefined;
    for (const turn of this.running.values()) {
      if (turn.sessionId === sessionId && turn.live.userId === userId) found = turn.live;
    }
    return found;
  }

  /**
   * Streams the answer into `sink` and settles the turn. Never throws: every failure ends as an `error`
   * event and a stored answer with status `error`. The turn stops when asked (stopSession), when the
   * server stops, or when no one has watched it for the grace (`onUnwatched`).
   */
  private async runTurn(
    turn: PreparedTurn,
    live: LiveTurn,
    finished: Deferred,
    onUnwatched: (handler: () => void) => void,
  ): Promise<void> {
    const sink: TurnSink = live;
    const control = new GenerationControl(turn.controller);
    const stop = (reason: StopReason) => control.stop(reason);
    this.running.add(turn.turnId, { sessionId: turn.sessionId, live, stop, done: finished.promise });
    const watch = watchUnwatched({
      db: this.db,
      live,
      messageId: turn.assistantMessageId,
      graceMs: this.settings.unwatchedGrace * 1000,
      stopped: () => control.stopReason !== undefined,
      stop: () => stop('client'),
    });
    onUnwatched(() => watch.unwatched());
    const writer = new AnswerWriter(this.db, this.logger, turn, control, () =>
      flushInterval(this.running.size),
    );
    const images = new AnswerImages(
      { db: this.db, logger: this.logger, files: this.files, stagingDir: this.stagingDir },
      turn,
      writer,
      (image) => sink.image(image),
    );

    let search: { charged: number; stored: StoredSearch } | undefined;
    if (turn.search) search = await this.webSearch.run(turn, turn.search, sink);
    const idleTimeout = this.settings.firstTokenTimeout;
    const relayed = await relay(control, {
      // Only OpenAI-compatible services put images in their chunks; the others' raw chunks are not needed.
      call: { ...turn, rawChunks: turn.definition.provider.type === 'openai-compatible' },
      promptTokens: turn.promptTokens,
      retries: this.settings.providerRetries,
      idleTimeout,
      text: (delta, text) => {
        sink.text(delta);
        writer.grew(text);
      },
      part: (part) => images.part(part),
    });
    watch.cancel();
    await writer.finish();
    const keptParts = await images.settled();

    const { status, failure, usage, cost } = outcomeOf(control, relayed, {
      pricing: turn.definition,
      promptTokens: turn.promptTokens,
      idleTimeout,
      answered: relayed.text !== '' || images.any,
    });
    if (failure) sink.error(failure);
    // The hold was the whole balance, which paid for fewer tokens than the model may write, and the
    // answer ran into that limit: the user is told the balance cut it (余额不足，回答已截断).
    const creditsLimited =
      relayed.cutAtLimit === true && turn.maxOutputTokens < turn.definition.maxOutputTokens;
    try {
      await writer.settled();
      const settlement = { ...turn, modelName: turn.definition.name };
      const notices = keptParts.flatMap((part) => (part.type === 'notice' ? [part.text] : []));
      const { charged, balance } = await settleTurn(
        this.db,
        settlement,
        // A turn whose rows could not be stored kept nothing for the user: its whole hold goes back.
        writer.stored ? cost : 0,
        {
          text: relayed.text,
          parts: keptParts,
          status,
          usage,
          error: failure?.message ?? null,
          search: search?.stored ?? null,
          creditsLimited,
        },
        search?.charged ?? 0,
      );
      sink.final({
        session_id: turn.sessionId,
        message_id: turn.assistantMessageId,
        user_message_id: turn.userMessageId,
        title: turn.title,
        status,
        model_id: turn.definition.id,
        model_name: turn.definition.name,
        usage,
        credits_charged: charged,
        ...(balance === undefined ? {} : { credits_balance: balance }),
        error: failure?.message ?? null,
        ...(creditsLimited ? { credits_limited: true } : {}),
        ...(search ? { search: withoutSources(search.stored), sources: search.stored.sources } : {}),
        ...(notices.length > 0 ? { notices } : {}),
      });
    } catch (error) {
      this.logger.error({ err: error, turn: turn.turnId }, 'could not settle a chat turn');
      sink.error({ code: 'internal', message: m.internal });
    } finally {
      watch.cancel();
      finished.resolve();
    }
  }

  /**
   * Stops the answers a session is generating in this process (the stop button in any tab, or the session
   * being deleted); their charges still settle. Answers whether there was one.
   */
  stopSession(sessionId: string): boolean {
    let stopped = false;
    for (const turn of this.running.values()) {
      if (turn.sessionId !== sessionId) continue;
      turn.stop('client');
      stopped = true;
    }
    return stopped;
  }

  /** Stops every running turn and waits until each is stored and settled (graceful shutdown). */
  stopAll(): Promise<void> {
    return this.running.stopAll();
  }

  /**
   * How long a stored answer marked `streaming` may stay unchanged while its turn still runs somewhere: the
   * first-token wait, two partial writes, and a margin (follow.ts).
   */
  get followStaleMs(): number {
    return (this.settings.firstTokenTimeout + 5) * 1000 + 2 * FLUSH_INTERVAL_MS;
  }

  /**
   * Settles what turns that did not finish left behind (see recovery.ts). By default only what has been
   * idle long enough that it cannot be running anywhere: the provider timeout would have ended it.
   */
  async recoverInterrupted(idleMs = recoveryIdleMs(this.settings.firstTokenTimeout)): Promise<number> {
    const deps = {
      db: this.db,
      catalog: this.catalog,
      isRunning: (turnId: string) => this.running.has(turnId),
    };
    return (await recoverInterrupted(deps, idleMs)) + (await releaseTurnHolds(deps, idleMs));
  }
}

function withoutSources({ sources: _sources, ...search }: StoredSearch) {
  return search;
}
