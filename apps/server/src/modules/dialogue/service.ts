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
 * The provider is driven through the AI SDK's language-model interface (`doStream`) rather than
 * `streamText`: the relay needs only the raw parts, and skipping streamText's per-part pipeline is what
 * keeps two hundred simultaneous streams smooth on a small machine.
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
import { fieldErrors, notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { holdCredits } from '../billing/holds';
import { applyCreditChange } from '../billing/ledger';
import type { FileStore } from '../files/store';
import { holdGeneration } from '../generation/hold';
import { turnCost } from '../generation/pricing';
import { openStream } from '../generation/provider';
import { describeProviderError, type TurnFailure } from '../generation/provider-errors';
import { answerUsage } from '../generation/usage';
import type { ModelDefinition } from '../models/config';
import type { LanguageModelV3, Prompt, StreamPart } from '../models/language-model';
import type { ModelRegistry } from '../models/registry';
import { estimatePromptTokens, estimateTokens } from '../models/tokens';
import { SearchError, type SearchSettings, searchQueryOf, WebSearch } from '../search';
import { searchContextText } from '../search/context';
import { StorageFullError } from '../storage/quota';
import { attachmentsForModel, type PromptAttachment } from './attachments/extract';
import {
  type AnswerPart,
  checkGeneratedImage,
  imagesOfChunk,
  MAX_GENERATED_IMAGES,
  storeGeneratedImage,
} from './attachments/generated';
import type { AttachmentReader } from './attachments/reader';
import { messageFiles, type StoredFile } from './attachments/repo';
import { LiveTurn } from './live';
import { type ContextMessage, contextOf, estimateContextTokens, titleFrom, toPrompt } from './prompt';
import { recoverInterrupted, releaseTurnHolds } from './recovery';
import {
  answerMarks,
  findSession,
  type MessageRow,
  type NewTurn,
  type StoredSearch,
  sessionMessages,
  storePartialAnswer,
  storeTurn,
} from './repo';
import { settleTurn, turnReference } from './settlement';
import { currentBranch, pathTo } from './tree';

const m = messages.chat;
/**
 * How often a streaming answer is written to the database: every 2 s, less often when many answers stream
 * at once, so that partial writes stay under about 25 a second in all (an embedded database runs them on
 * the thread that relays the streams).
 */
const FLUSH_INTERVAL_MS = 2000;
const FLUSH_BUDGET_PER_SECOND = 25;
/** A provider silent for this long is thinking: the turn's rows are written meanwhile. */
const PERSIST_DELAY_MS = 30;
/**
 * A tab on another instance marks the answer it follows about every second; a mark younger than this
 * counts as someone watching (live.ts).
 */
const FOLLOWED_ELSEWHERE_MS = 5000;

export interface DialogueSettings {
  firstTokenTimeout: number;
  providerRetries: number;
  historyMessages: number;
  /** The web search of turns with 联网搜索 on; null or absent when none is configured. */
  search?: SearchSettings | null;
  /** Seconds an answer goes on with no one watching it (live.ts); 0 stops it when its tab goes. */
  unwatchedGrace: number;
}

/** A turn's web search (联网搜索 on): what to search, and what was held for it. */
export interface TurnSearchPlan {
  query: string;
  /** Credits held for the search (its price), refunded when it gives no results. */
  held: number;
  /** Why it will not run (no provider, no credits for it): the note the user sees instead. */
  skipped?: string;
}

/** A turn ready to stream: its rows' ids are chosen here, so the stream can start before they are written. */
export interface PreparedTurn extends Omit<NewTurn, 'model'> {
  definition: ModelDefinition;
  model: LanguageModelV3;
  prompt: Prompt;
  promptTokens: number;
  reserve: number;
  maxOutputTokens: number;
  /** Aborts the provider call: the client went away, the turn timed out, or the server is stopping. */
  controller: AbortController;
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

export type StopReason = 'client' | 'shutdown';

class Deferred {
  promise: Promise<void>;
  resolve!: () => void;
  constructor() {
    this.promise = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }
}

/** Search results in a prompt: about this many tokens each, held for before the search runs. */
const SEARCH_RESULT_TOKENS = 250;
/** The ledger reference of a turn's web search charge and of its refund. */
const searchReference = (turnId: string) => `turn:${turnId}:search`;

export class DialogueService {
  private readonly webSearch: WebSearch | null;

  /** Turns streaming in this process, so shutdown can stop and settle them, and deletion can stop its own. */
  private readonly running = new Map<
    string,
    { sessionId: string; live: LiveTurn; stop(reason: StopReason): void; done: Promise<void> }
  >();

  constructor(
    private readonly db: Db,
    private readonly registry: ModelRegistry,
    private readonly settings: DialogueSettings,
    private readonly logger: Logger,
    /** Where attached files are kept; a server without one refuses turns with files. */
    private readonly files?: FileStore,
    /** A local directory for generated images on their way into the store (see files/store.ts). */
    private readonly stagingDir?: string,
    /** Reads attached PDF and Word files off the event loop (see attachments/reader.ts). */
    private readonly reader?: AttachmentReader,
  ) {
    this.webSearch = settings.search ? new WebSearch(settings.search) : null;
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
    const entry = this.registry.get(request.model_id);
    if (!entry) throw fieldErrors({ model_id: [m.unknownModel] });
    const { definition, model } = entry;
    const { base, text, title, parentId, position, questionId } = await this.placeTurn(
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
    const searching = request.search_enabled === true && this.webSearch !== null;
    // The results are not known yet: the hold counts them at a generous size; usage settles the truth.
    const promptTokens =
      estimateContextTokens(context) +
      (searching ? (this.settings.search?.maxResults ?? 0) * SEARCH_RESULT_TOKENS : 0);

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
        model: definition,
        promptTokens,
      });
      turn.reserve = held.reserve;
      turn.maxOutputTokens = held.maxOutputTokens;
    } catch (error) {
      controller.abort(new DOMException('refused', 'AbortError'));
      throw error;
    }
    if (request.search_enabled) turn.search = await this.planSearch(turn);
    return turn;
  }

  /**
   * The turn's web search, after the answer's hold: a balance that pays for the answer but not for the
   * search gets the answer without search and a note saying why, rather than a refusal.
   */
  private async planSearch(turn: PreparedTurn): Promise<TurnSearchPlan> {
    const query = searchQueryOf(turn.text);
    if (!this.webSearch) {
      this.logger.warn(
        { turn: turn.turnId },
        'web search (联网搜索) was asked for but is off: SEARCH_PROVIDER is not set (see the README, "Web search")',
      );
      return { query, held: 0, skipped: messages.search.notConfigured };
    }
    const price = this.webSearch.price;
    if (price === 0) return { query, held: 0 };
    const held = await holdCredits(this.db, {
      userId: turn.userId,
      reference: searchReference(turn.turnId),
      full: price,
      minimum: price,
      note: messages.search.ledgerCharge,
    });
    if (held === null) return { query, held: 0, skipped: messages.search.insufficientCredits(price) };
    return { query, held };
  }

  /**
   * Runs the turn's web search and puts its results in front of the prompt. Reports its progress to
   * `sink`; a failure is a note to the user, never the turn's failure. Answers what the search cost and
   * what to store with the answer.
   */
  private async runSearch(
    turn: PreparedTurn,
    plan: TurnSearchPlan,
    sink: TurnSink,
  ): Promise<{ charged: number; stored: StoredSearch }> {
    const { query } = plan;
    if (plan.skipped || !this.webSearch) {
      const message = plan.skipped ?? messages.search.notConfigured;
      sink.search({ status: 'failed', query, message });
      return { charged: 0, stored: { query, status: 'failed', count: 0, error: message, sources: [] } };
    }
    sink.search({ status: 'searching', query });
    try {
      const sources = await this.webSearch.search(query, turn.controller.signal);
      sink.search({ status: 'done', query, count: sources.length });
      if (sources.length > 0) {
        const context = searchContextText(query, sources);
        turn.prompt = [{ role: 'system', content: context }, ...turn.prompt];
        turn.promptTokens = estimatePromptTokens(
          turn.prompt.map((message) => ({
            text:
              typeof message.content === 'string'
                ? message.content
                : message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
          })),
        );
      }
      return {
        charged: plan.held,
        stored: { query, status: 'done', count: sources.length, error: null, sources },
      };
    } catch (error) {
      const message = error instanceof SearchError ? error.message : messages.search.unreachable;
      if (!turn.controller.signal.aborted) {
        this.logger.warn(
          { err: error, turn: turn.turnId, provider: this.webSearch.settings.kind },
          'web search failed',
        );
        sink.search({ status: 'failed', query, message });
      }
      if (plan.held > 0) {
        await applyCreditChange(this.db, {
          userId: turn.userId,
          delta: plan.held,
          kind: 'refund',
          reference: searchReference(turn.turnId),
          note: messages.search.ledgerRefund,
        }).catch((refundError) =>
          this.logger.error({ err: refundError, turn: turn.turnId }, 'could not refund a web search'),
        );
      }
      return { charged: 0, stored: { query, status: 'failed', count: 0, error: message, sources: [] } };
    }
  }

  /**
   * Where the turn goes in the session's tree, and what the model sees before the question (`base`, the
   * branch above it). A new question follows the current branch; an edited one replaces a stored question
   * as its sibling; a regenerated answer answers a stored question (`questionId`) again.
   */
  private async placeTurn(
    userId: string,
    request: CreateTurnRequest,
    uploads: readonly StoredFile[],
  ): Promise<{
    base: MessageRow[];
    text: string;
    title: string;
    parentId: string | null;
    position: number;
    questionId: string | null;
  }> {
    const typed = request.prompt?.text.trim() ?? '';
    // A question may be files alone (a document to summarise needs no words); it is then titled by its
    // first file.
    const firstFile = uploads[0]?.name;
    const empty = typed === '' && !firstFile;
    const named = (text: string) =>
      text === '' && firstFile ? m.filesOnlyTitle(firstFile) : titleFrom(text);
    const editId = request.edit_message_id ?? null;
    const regenerateId = request.regenerate_message_id ?? null;
    const requested = request.session_id ?? null;
    if (requested === null) {
      if (editId || regenerateId) throw fieldErrors({ session_id: [m.versionNeedsSession] });
      if (empty) throw fieldErrors({ 'prompt.text': [m.emptyPrompt] });
      return {
        base: [],
        text: typed,
        title: named(typed),
        parentId: null,
        position: 0,
        questionId: null,
      };
    }
    const session = await findSession(this.db, userId, requested);
    if (!session) throw notFound();
    const rows = await sessionMessages(this.db, session.id);
    const title = session.title ?? named(typed);
    if (regenerateId) {
      const answer = rows.find((row) => row.id === regenerateId && row.role === 'assistant');
      const question = answer && rows.find((row) => row.id === answer.parentId);
      if (!question) throw fieldErrors({ regenerate_message_id: [m.noSuchAnswer] });
      return {
        base: pathTo(rows, question.parentId),
        text: question.text,
        title: session.title ?? titleFrom(question.text),
        parentId: question.parentId,
        position: question.position,
        questionId: question.id,
      };
    }
    if (empty) throw fieldErrors({ 'prompt.text': [m.emptyPrompt] });
    if (editId) {
      const edited = rows.find((row) => row.id === editId && row.role === 'user');
      if (!edited) throw fieldErrors({ edit_message_id: [m.noSuchQuestion] });
      return {
        base: pathTo(rows, edited.parentId),
        text: typed,
        title,
        parentId: edited.parentId,
        position: edited.position,
        questionId: null,
      };
    }
    const branch = currentBranch(rows);
    const last = branch.at(-1);
    return {
      base: branch,
      text: typed,
      title,
      parentId: last?.id ?? null,
      position: last ? last.position + 1 : 0,
      questionId: null,
    };
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

  private openStream(turn: PreparedTurn, signal: AbortSignal): Promise<ReadableStream<StreamPart>> {
    // Only OpenAI-compatible services put images in their chunks; the others' raw chunks are not needed.
    const rawChunks = turn.definition.provider.type === 'openai-compatible';
    return openStream({ ...turn, rawChunks }, signal, this.settings.providerRetries);
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
    const { controller } = turn;
    let stopReason: StopReason | 'timeout' | undefined;
    const stop = (reason: StopReason | 'timeout') => {
      if (stopReason) return;
      stopReason = reason;
      controller.abort(new DOMException(reason, 'AbortError'));
    };
    this.running.set(turn.turnId, { sessionId: turn.sessionId, live, stop, done: finished.promise });

    // No one watching: a reload or another tab may come back within the grace; else it stops as a stop
    // does. A tab following it from another instance counts (its mark on the row is fresh).
    const graceMs = this.settings.unwatchedGrace * 1000;
    let graceTimer: NodeJS.Timeout | undefined;
    const checkUnwatched = async () => {
      graceTimer = undefined;
      if (stopReason || live.watched) return;
      const left = graceMs - (Date.now() - live.unwatchedSince);
      if (left > 0) {
        graceTimer = setTimeout(checkUnwatched, left);
        return;
      }
      const marks = await answerMarks(this.db, turn.assistantMessageId).catch(() => null);
      if (stopReason || live.watched) return;
      const elsewhere = marks?.watchedAt && Date.now() - marks.watchedAt.getTime() < FOLLOWED_ELSEWHERE_MS;
      if (elsewhere && !marks?.stopRequested) graceTimer = setTimeout(checkUnwatched, FOLLOWED_ELSEWHERE_MS);
      else stop('client');
    };
    onUnwatched(() => {
      if (graceMs === 0) stop('client');
      else graceTimer ??= setTimeout(checkUnwatched, graceMs);
    });

    const timeoutMs = this.settings.firstTokenTimeout * 1000;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      // refresh() re-arms the same timer: cheaper than a new one for every piece of every stream.
      if (idle) idle.refresh();
      else idle = setTimeout(() => stop('timeout'), timeoutMs);
    };

    let text = '';
    /** What a reasoning model thought before answering: not shown, but generated and paid for. */
    let reasoning = '';
    /** The answer's generated images (their storing, in order) and notes on those dropped. */
    const parts: Promise<AnswerPart>[] = [];
    let imagesKept = 0;
    let failure: TurnFailure | undefined;
    let reported: { input: number; output: number } | undefined;
    let flushed = '';
    let flushing: Promise<void> = Promise.resolve();
    let lastFlush = Date.now();
    const flush = () => {
      if (text === flushed) return;
      const snapshot = text;
      flushed = snapshot;
      lastFlush = Date.now();
      flushing = flushing
        .then(async () => {
          const marks = await storePartialAnswer(this.db, turn.assistantMessageId, snapshot);
          // Another instance asked to stop it (a tab there pressed stop).
          if (marks.stopRequested) stop('client');
        })
        .catch((error) =>
          this.logger.warn({ err: error, turn: turn.turnId }, 'could not store partial answer'),
        );
    };

    // The rows are written while the provider thinks, or just after the first piece of the answer has gone
    // out when the provider is quicker than that: an embedded database's writes run on this thread, and the
    // first token must not wait for them. Partial writes and the settlement wait for the rows.
    let stored = true;
    let persisted: Promise<void> | undefined;
    const persist = () => {
      if (persisted) return persisted;
      persisted = storeTurn(this.db, { ...turn, model: turn.definition }).catch((error) => {
        stored = false;
        this.logger.error({ err: error, turn: turn.turnId }, 'could not store a chat turn');
        failure ??= { code: 'internal', message: m.internal };
        controller.abort(new DOMException('storage failed', 'AbortError'));
      });
      flushing = persisted;
      return persisted;
    };
    const persistTimer = setTimeout(persist, PERSIST_DELAY_MS);

    /**
     * A generated image: shown to the watchers at once, stored once the answer's row exists. One that is
     * not an image, too large or one too many is dropped with a note the user reads under the answer.
     */
    const note = (text: string) => parts.push(Promise.resolve({ type: 'notice', text }));
    let linkedNoted = false;
    const acceptImage = async (bytes: Uint8Array) => {
      if (imagesKept >= MAX_GENERATED_IMAGES) {
        if (imagesKept === MAX_GENERATED_IMAGES) note(m.generatedImageTooMany(MAX_GENERATED_IMAGES));
        imagesKept += 1;
        return;
      }
      const checked = await checkGeneratedImage(bytes);
      if ('problem' in checked) {
        this.logger.warn({ turn: turn.turnId, size: bytes.length }, 'dropped a generated image');
        note(checked.problem);
        return;
      }
      const position = imagesKept;
      imagesKept += 1;
      sink.image({ mime_type: checked.mimeType, data: Buffer.from(bytes).toString('base64') });
      const store = this.files;
      const owner = { userId: turn.userId, sessionId: turn.sessionId, messageId: turn.assistantMessageId };
      const saving = persist().then(async (): Promise<AnswerPart> => {
        try {
          if (!store || !stored) throw new Error(store ? 'the answer was not stored' : 'no file store');
          return await storeGeneratedImage(
            { db: this.db, store, stagingDir: this.stagingDir },
            owner,
            { bytes, ...checked },
            position,
          );
        } catch (error) {
          // A full account is the user's to see, not a fault of the server.
          if (error instanceof StorageFullError) return { type: 'notice', text: error.message };
          this.logger.error({ err: error, turn: turn.turnId }, 'could not store a generated image');
          return { type: 'notice', text: m.generatedImageNotStored };
        }
      });
      parts.push(saving);
    };

    let search: { charged: number; stored: StoredSearch } | undefined;
    try {
      if (turn.search) search = await this.runSearch(turn, turn.search, sink);
      armIdle();
      const stream = await this.openStream(turn, controller.signal);
      for await (const part of stream) {
        armIdle();
        switch (part.type) {
          case 'text-delta':
            if (part.delta === '') break;
            text += part.delta;
            sink.text(part.delta);
            if (!persisted) persist();
            else if (stored && Date.now() - lastFlush >= this.flushInterval()) flush();
            break;
          case 'reasoning-delta':
            reasoning += part.delta;
            break;
          case 'file':
            if (part.mediaType.startsWith('image/')) {
              await acceptImage(typeof part.data === 'string' ? Buffer.from(part.data, 'base64') : part.data);
            }
            break;
          case 'raw': {
            // Images in an OpenAI-compatible chunk (see imagesOfChunk); nothing else is read from it.
            const { images, linked } = imagesOfChunk(part.rawValue);
            for (const bytes of images) await acceptImage(bytes);
            if (linked > 0 && !linkedNoted) {
              linkedNoted = true;
              note(m.generatedImageLinked);
            }
            break;
          }
          case 'finish': {
            const input = part.usage.inputTokens.total;
            const output = part.usage.outputTokens.total;
            if (input !== undefined || output !== undefined) {
              reported = {
                input: input ?? turn.promptTokens,
                output: output ?? estimateTokens(text) + estimateTokens(reasoning),
              };
            }
            break;
          }
          case 'error':
            failure ??= describeProviderError(part.error);
            break;
          default:
            break;
        }
        if (failure) break;
      }
    } catch (error) {
      if (!stopReason && !controller.signal.aborted) failure ??= describeProviderError(error);
    } finally {
      if (idle) clearTimeout(idle);
      if (graceTimer) clearTimeout(graceTimer);
      clearTimeout(persistTimer);
    }
    await persist();
    const keptParts = await Promise.all(parts);

    if (stopReason === 'timeout') {
      failure = { code: 'provider_timeout', message: m.providerTimeout(this.settings.firstTokenTimeout) };
    } else if (stopReason === 'shutdown') {
      failure = { code: 'internal', message: m.shuttingDown };
    }
    // An image counts as said, kept or not: the provider generated it (and charges for it).
    const answered = text !== '' || parts.length > 0 || imagesKept > 0;
    const generated = answered || reasoning !== '';
    if (!failure && !stopReason && !answered) failure = { code: 'provider_error', message: m.providerEmpty };
    const status = failure ? 'error' : stopReason === 'client' ? 'stopped' : 'complete';

    const usage = answerUsage({ generated, text, reasoning, promptTokens: turn.promptTokens, reported });
    // A turn whose rows could not be stored kept nothing for the user: its whole hold goes back.
    const cost = usage && stored ? turnCost(turn.definition, usage.input_tokens, usage.output_tokens) : 0;

    if (failure) sink.error(failure);
    try {
      await flushing;
      const settlement = { ...turn, modelName: turn.definition.name };
      const notices = keptParts.flatMap((part) => (part.type === 'notice' ? [part.text] : []));
      const { charged, balance } = await settleTurn(
        this.db,
        settlement,
        cost,
        {
          text,
          parts: keptParts,
          status,
          usage,
          error: failure?.message ?? null,
          search: search?.stored ?? null,
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
        ...(search ? { search: withoutSources(search.stored), sources: search.stored.sources } : {}),
        ...(notices.length > 0 ? { notices } : {}),
      });
    } catch (error) {
      this.logger.error({ err: error, turn: turn.turnId }, 'could not settle a chat turn');
      sink.error({ code: 'internal', message: m.internal });
    } finally {
      if (graceTimer) clearTimeout(graceTimer);
      finished.resolve();
    }
  }

  private flushInterval(): number {
    return Math.max(FLUSH_INTERVAL_MS, (this.running.size * 1000) / FLUSH_BUDGET_PER_SECOND);
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
  async stopAll(): Promise<void> {
    const turns = [...this.running.values()];
    for (const turn of turns) turn.stop('shutdown');
    await Promise.all(turns.map((turn) => turn.done));
  }

  /**
   * Settles what turns that did not finish left behind (see recovery.ts). By default only what has been
   * idle long enough that it cannot be running anywhere: the provider timeout would have ended it.
   */
  /**
   * How long a stored answer marked `streaming` may stay unchanged while its turn still runs somewhere: the
   * first-token wait, two partial writes, and a margin (follow.ts).
   */
  get followStaleMs(): number {
    return (this.settings.firstTokenTimeout + 5) * 1000 + 2 * FLUSH_INTERVAL_MS;
  }

  async recoverInterrupted(
    idleMs = Math.max(10 * 60_000, (2 * this.settings.firstTokenTimeout + 60) * 1000),
  ): Promise<number> {
    const deps = {
      db: this.db,
      registry: this.registry,
      isRunning: (turnId: string) => this.running.has(turnId),
    };
    return (await recoverInterrupted(deps, idleMs)) + (await releaseTurnHolds(deps, idleMs));
  }
}

function withoutSources({ sources: _sources, ...search }: StoredSearch) {
  return search;
}
