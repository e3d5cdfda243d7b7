/**
 * A chat turn from request to settlement. Up front, in one statement: a hold on the user's credits big
 * enough for the longest answer the turn may produce (or the whole balance, with the answer's length cut to
 * match), so that simultaneous turns can never overdraw; a balance below the minimum refuses the turn before
 * any stream. When the balance read with the token clearly covers the turn, the provider is called while
 * that statement runs. The session, the user message and an assistant placeholder are written while the
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
  TokenUsage,
} from '@wanxiang/api-client/contract';
import { INSUFFICIENT_CREDITS_CODE } from '@wanxiang/api-client/contract';
import { APICallError } from 'ai';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, executePrepared } from '../../db/client';
import { chatMessages, chatSessions, creditLedger, users } from '../../db/schema';
import { fieldErrors, HttpError, notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { applyCreditChange } from '../billing/ledger';
import type { ModelDefinition } from '../models/config';
import type { LanguageModelV3, ModelRegistry } from '../models/registry';
import { planTurn, turnCost } from './pricing';
import { describeProviderError, type TurnFailure } from './provider-errors';
import { findSession, type ImagePart, type MessageRow, nextPosition, sessionMessages } from './repo';
import { estimatePromptTokens, estimateTokens } from './tokens';

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
const TITLE_LENGTH = 30;
/** The ledger reference of a turn's hold and of its refund. */
const TURN_REFERENCE = /^turn:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ChatSettings {
  firstTokenTimeout: number;
  providerRetries: number;
  historyMessages: number;
}

type CallOptions = Parameters<LanguageModelV3['doStream']>[0];
type Prompt = CallOptions['prompt'];
type StreamPart =
  Awaited<ReturnType<LanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

interface ContextMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface PreparedTurn {
  turnId: string;
  userId: string;
  /** Ids are chosen here so the stream can start before the rows are written. */
  sessionId: string;
  /** False when the turn continues one of the user's sessions. */
  newSession: boolean;
  title: string;
  text: string;
  userMessageId: string;
  assistantMessageId: string;
  definition: ModelDefinition;
  model: LanguageModelV3;
  prompt: Prompt;
  promptTokens: number;
  reserve: number;
  maxOutputTokens: number;
  /** Aborts the provider call: the client went away, the turn timed out, or the server is stopping. */
  controller: AbortController;
  /** The provider call, when it was started while the credits were being held. */
  stream?: Promise<ReadableStream<StreamPart>>;
}

/** Where the turn's events go; the route writes them as SSE frames. */
export interface TurnSink {
  text(delta: string): void;
  image(image: StreamImageData): void;
  error(failure: TurnFailure): void;
  final(data: StreamFinalData): void;
}

export type StopReason = 'client' | 'shutdown';

export function titleFrom(prompt: string): string {
  // A title is plain text in the history list: the prompt's Markdown marks (headings, quotes, bold,
  // strike, code ticks) would show raw there. Only unambiguous marks go; a lone * may be arithmetic.
  const plain = prompt
    .replace(/^\s{0,3}(#{1,6}|>+)\s+/gm, '')
    .replace(/(\*\*|__|~~|`+)(?=\S)([\s\S]*?\S)\1/g, '$2');
  const flat = plain.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > TITLE_LENGTH ? `${chars.slice(0, TITLE_LENGTH).join('')}…` : flat;
}

/** Earlier exchanges the model sees: answered turns only, newest last, at most `limit` messages. */
function contextOf(rows: MessageRow[], limit: number): ContextMessage[] {
  const usable: ContextMessage[] = [];
  for (const row of rows) {
    if (row.role === 'user') usable.push({ role: 'user', text: row.text });
    else if (row.text.trim() !== '' && row.status !== 'streaming')
      usable.push({ role: 'assistant', text: row.text });
  }
  return limit === 0 ? [] : usable.slice(-limit);
}

function toPrompt(messages: ContextMessage[]): Prompt {
  return messages.map((message) => ({ role: message.role, content: [{ type: 'text', text: message.text }] }));
}

const RETRY_BASE_MS = 1000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
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
  /** Turns streaming in this process, so shutdown can stop and settle them, and deletion can stop its own. */
  private readonly running = new Map<
    string,
    { sessionId: string; stop(reason: StopReason): void; done: Promise<void> }
  >();

  constructor(
    private readonly db: Db,
    private readonly registry: ModelRegistry,
    private readonly settings: ChatSettings,
    private readonly logger: Logger,
  ) {}

  /** Everything that may refuse a turn, before any byte of the stream: input, model, session, credits. */
  async prepareTurn(userId: string, request: CreateTurnRequest, balanceHint?: number): Promise<PreparedTurn> {
    const text = request.prompt.text.trim();
    if (text === '') throw fieldErrors({ 'prompt.text': [m.emptyPrompt] });
    const entry = this.registry.get(request.model_id);
    if (!entry) throw fieldErrors({ model_id: [m.unknownModel] });
    const { definition, model } = entry;

    let history: MessageRow[] = [];
    let title = titleFrom(text);
    const requested = request.session_id ?? null;
    if (requested !== null) {
      const session = await findSession(this.db, userId, requested);
      if (!session) throw notFound();
      history = await sessionMessages(this.db, session.id);
      title = session.title ?? title;
    }
    const context = [...contextOf(history, this.settings.historyMessages), { role: 'user' as const, text }];
    const promptTokens = estimatePromptTokens(context);

    // The most this turn can cost, and the least; the hold is the first, cut to the balance.
    const full = definition.isPerCall
      ? definition.fixedPrice
      : turnCost(definition, promptTokens, definition.maxOutputTokens);
    const minimum = definition.isPerCall ? definition.fixedPrice : turnCost(definition, promptTokens, 1);
    const turnId = crypto.randomUUID();
    const controller = new AbortController();
    const turn: PreparedTurn = {
      turnId,
      userId,
      sessionId: requested ?? crypto.randomUUID(),
      newSession: requested === null,
      title,
      text,
      userMessageId: crypto.randomUUID(),
      assistantMessageId: crypto.randomUUID(),
      definition,
      model,
      prompt: toPrompt(context),
      promptTokens,
      reserve: 0,
      maxOutputTokens: definition.maxOutputTokens,
      controller,
    };
    // When the balance read with the token covers a full answer, the provider is called while the hold is
    // taken: the hold's round trip stays off the time to first token. Should the hold then fall short
    // (another turn took the credits meanwhile) the call is dropped before any token is relayed.
    if (full === 0 || (balanceHint ?? 0) >= full) {
      turn.stream = this.openStream(turn, controller.signal);
      turn.stream.catch(() => undefined);
    }
    try {
      // A free model needs no hold.
      turn.reserve = full > 0 ? await this.hold(turn, full, minimum) : 0;
    } catch (error) {
      controller.abort(new DOMException('refused', 'AbortError'));
      throw error;
    }
    if (turn.reserve < full) {
      const plan = planTurn(definition, promptTokens, turn.reserve);
      turn.maxOutputTokens = 'refused' in plan ? 1 : plan.maxOutputTokens;
      if (turn.stream) {
        // Started with a limit the hold does not pay for: start again with the right one.
        controller.abort(new DOMException('restart', 'AbortError'));
        turn.controller = new AbortController();
        turn.stream = undefined;
      }
    }
    return turn;
  }

  /**
   * Takes min(balance, full) from the balance with its ledger row, in one statement (the user row is locked
   * by it, so simultaneous turns queue here and the balance never goes below zero), or refuses with 402
   * when the balance is below `minimum`. Nothing else is written before the stream starts: with an
   * embedded database every statement runs on the relaying thread, and the first token must not wait.
   */
  private async hold(turn: PreparedTurn, full: number, minimum: number): Promise<number> {
    const { userId, turnId, definition } = turn;
    const [row] = await executePrepared<{ reserve: number | string }>(
      this.db,
      'chat_hold',
      sql`
      with old as (
        select ${users.id} as id, ${users.creditsBalance} as balance from ${users} where ${users.id} = ${userId} for update
      ), held as (
        update ${users} set credits_balance = old.balance - least(old.balance, ${full}::int), updated_at = now()
        from old where ${users.id} = old.id and old.balance >= ${minimum}::int
        returning least(old.balance, ${full}::int) as reserve, old.balance - least(old.balance, ${full}::int) as balance
      ), ledger as (
        insert into ${creditLedger} (user_id, delta, balance_after, kind, reference, note)
        select ${userId}::uuid, -held.reserve, held.balance, 'charge', ${`turn:${turnId}`}, ${m.ledgerHold(definition.name)}
        from held where held.reserve > 0
        returning 1
      )
      select reserve from held`,
    );
    if (row) return Number(row.reserve);
    const [user] = await this.db
      .select({ balance: users.creditsBalance })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound();
    throw new HttpError(402, {
      detail: m.insufficientCredits(minimum, user.balance),
      code: INSUFFICIENT_CREDITS_CODE,
    });
  }

  /** Writes the turn's session (new, or the next positions of the user's own) with the user message and placeholder. */
  private async persist(turn: PreparedTurn): Promise<void> {
    if (turn.newSession) {
      // One statement for the common case: a new session and its first pair.
      await executePrepared(
        this.db,
        'chat_new_session',
        sql`
        with created as (
          insert into ${chatSessions} (id, user_id, title, model_id)
          values (${turn.sessionId}::uuid, ${turn.userId}::uuid, ${turn.title}, ${turn.definition.id})
          returning id
        )
        insert into ${chatMessages} (id, session_id, turn_id, position, role, text, status, model_id, model_name)
        select ${turn.userMessageId}::uuid, created.id, ${turn.turnId}::uuid, 0, 'user', ${turn.text}, 'complete', null, null
        from created
        union all
        select ${turn.assistantMessageId}::uuid, created.id, ${turn.turnId}::uuid, 1, 'assistant', '', 'streaming',
               ${turn.definition.id}, ${turn.definition.name}
        from created`,
      );
      return;
    }
    await this.db.transaction(async (tx) => {
      const now = new Date();
      // Locked so that two turns sent to one session at once get distinct positions.
      const [locked] = await tx
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.id, turn.sessionId))
        .for('update');
      if (!locked) throw new Error('the session was deleted before the turn was stored');
      const position = await nextPosition(tx, turn.sessionId);
      await tx
        .update(chatSessions)
        .set({ title: turn.title, modelId: turn.definition.id, updatedAt: now })
        .where(eq(chatSessions.id, turn.sessionId));
      await tx.insert(chatMessages).values([
        {
          id: turn.userMessageId,
          sessionId: turn.sessionId,
          turnId: turn.turnId,
          position,
          role: 'user',
          text: turn.text,
          parts: [],
          status: 'complete',
          createdAt: now,
          updatedAt: now,
        },
        {
          id: turn.assistantMessageId,
          sessionId: turn.sessionId,
          turnId: turn.turnId,
          position: position + 1,
          role: 'assistant',
          text: '',
          parts: [],
          status: 'streaming',
          modelId: turn.definition.id,
          modelName: turn.definition.name,
          createdAt: now,
          updatedAt: now,
        },
      ]);
    });
  }

  /** The provider's stream, retrying a call that failed before answering (429, 5xx, no connection). */
  private async openStream(turn: PreparedTurn, signal: AbortSignal): Promise<ReadableStream<StreamPart>> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const { stream } = await turn.model.doStream({
          prompt: turn.prompt,
          maxOutputTokens: turn.maxOutputTokens,
          abortSignal: signal,
        });
        return stream;
      } catch (error) {
        const retryable = APICallError.isInstance(error) && error.isRetryable;
        if (!retryable || attempt >= this.settings.providerRetries || signal.aborted) throw error;
        await sleep(RETRY_BASE_MS * 2 ** attempt, signal);
      }
    }
  }

  /**
   * Streams the answer into `sink` and settles the turn. Never throws: every failure ends as an `error`
   * event and a stored answer with status `error`. `signal` aborts when the client goes away.
   */
  async runTurn(turn: PreparedTurn, sink: TurnSink, signal: AbortSignal): Promise<void> {
    const { controller } = turn;
    let stopReason: StopReason | 'timeout' | undefined;
    const stop = (reason: StopReason | 'timeout') => {
      if (stopReason) return;
      stopReason = reason;
      controller.abort(new DOMException(reason, 'AbortError'));
    };
    const onClientGone = () => stop('client');
    if (signal.aborted) stop('client');
    else signal.addEventListener('abort', onClientGone, { once: true });
    const finished = new Deferred();
    this.running.set(turn.turnId, { sessionId: turn.sessionId, stop, done: finished.promise });

    const timeoutMs = this.settings.firstTokenTimeout * 1000;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      // refresh() re-arms the same timer: cheaper than a new one for every piece of every stream.
      if (idle) idle.refresh();
      else idle = setTimeout(() => stop('timeout'), timeoutMs);
    };

    let text = '';
    const images: ImagePart[] = [];
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
          await executePrepared(
            this.db,
            'chat_partial_answer',
            sql`update ${chatMessages} set text = ${snapshot}, updated_at = now()
                where ${chatMessages.id} = ${turn.assistantMessageId}::uuid`,
          );
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
      persisted = this.persist(turn).catch((error) => {
        stored = false;
        this.logger.error({ err: error, turn: turn.turnId }, 'could not store a chat turn');
        failure ??= { code: 'internal', message: m.internal };
        controller.abort(new DOMException('storage failed', 'AbortError'));
      });
      flushing = persisted;
      return persisted;
    };
    const persistTimer = setTimeout(persist, PERSIST_DELAY_MS);

    try {
      armIdle();
      const stream = await (turn.stream ?? this.openStream(turn, controller.signal));
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
          case 'file':
            if (part.mediaType.startsWith('image/')) {
              const data =
                typeof part.data === 'string' ? part.data : Buffer.from(part.data).toString('base64');
              const image = { mime_type: part.mediaType, data };
              images.push({ type: 'image_data', ...image });
              sink.image(image);
            }
            break;
          case 'finish': {
            const input = part.usage.inputTokens.total;
            const output = part.usage.outputTokens.total;
            if (input !== undefined || output !== undefined) {
              reported = { input: input ?? turn.promptTokens, output: output ?? estimateTokens(text) };
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
      clearTimeout(persistTimer);
      signal.removeEventListener('abort', onClientGone);
    }
    await persist();

    if (stopReason === 'timeout') {
      failure = { code: 'provider_timeout', message: m.providerTimeout(this.settings.firstTokenTimeout) };
    } else if (stopReason === 'shutdown') {
      failure = { code: 'internal', message: m.shuttingDown };
    }
    const generated = text !== '' || images.length > 0;
    if (!failure && !stopReason && !generated) failure = { code: 'provider_error', message: m.providerEmpty };
    const status = failure ? 'error' : stopReason === 'client' ? 'stopped' : 'complete';

    // An answer cut short reports no usage: count what was sent and what came back.
    const usage: TokenUsage | null = generated
      ? reported && status === 'complete'
        ? {
            input_tokens: reported.input,
            output_tokens: reported.output,
            total_tokens: reported.input + reported.output,
            estimated: false,
          }
        : {
            input_tokens: reported?.input ?? turn.promptTokens,
            output_tokens: Math.max(reported?.output ?? 0, estimateTokens(text)),
            total_tokens: 0,
            estimated: !reported,
          }
      : null;
    if (usage) usage.total_tokens = usage.input_tokens + usage.output_tokens;
    // A turn whose rows could not be stored kept nothing for the user: its whole hold goes back.
    const cost = usage && stored ? turnCost(turn.definition, usage.input_tokens, usage.output_tokens) : 0;

    if (failure) sink.error(failure);
    try {
      await flushing;
      const { charged, balance } = await this.settle(turn, cost, {
        text,
        images,
        status,
        usage,
        error: failure?.message ?? null,
      });
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
      });
    } catch (error) {
      this.logger.error({ err: error, turn: turn.turnId }, 'could not settle a chat turn');
      sink.error({ code: 'internal', message: m.internal });
    } finally {
      this.running.delete(turn.turnId);
      finished.resolve();
    }
  }

  /**
   * Stores the answer and turns the hold into the real charge in one transaction: the unused part of the
   * hold is refunded; a cost above the hold (only when the prompt estimate was low) is charged as far as
   * the balance allows, never below zero.
   */
  private async settle(
    turn: Pick<PreparedTurn, 'turnId' | 'userId' | 'sessionId' | 'assistantMessageId' | 'reserve'> & {
      definition: Pick<ModelDefinition, 'name'>;
    },
    cost: number,
    answer: {
      text: string;
      images: ImagePart[];
      status: string;
      usage: TokenUsage | null;
      error: string | null;
    },
  ): Promise<{ charged: number; balance: number | undefined }> {
    // One transaction, the user row locked first: refund the unused hold, or charge what the hold did not
    // cover as far as the balance goes (only when the prompt estimate was low), with its ledger row; then
    // store the answer and the session's total with the amount charged. (One statement doing all of this
    // from a FOR UPDATE CTE broke the balance CHECK under simultaneous turns on PostgreSQL now and then;
    // after the lock, each statement here reads the row as it is.)
    const usage = answer.usage;
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ balance: users.creditsBalance })
        .from(users)
        .where(eq(users.id, turn.userId))
        .for('update');
      let delta = 0;
      let balance: number | undefined;
      if (locked) {
        delta = cost <= turn.reserve ? turn.reserve - cost : -Math.min(cost - turn.reserve, locked.balance);
        balance = locked.balance + delta;
        if (delta !== 0) {
          await tx
            .update(users)
            .set({ creditsBalance: balance, updatedAt: new Date() })
            .where(eq(users.id, turn.userId));
          await tx.insert(creditLedger).values({
            userId: turn.userId,
            delta,
            balanceAfter: balance,
            kind: delta > 0 ? 'refund' : 'charge',
            reference: delta > 0 ? `turn:${turn.turnId}` : `turn:${turn.turnId}:extra`,
            note: delta > 0 ? m.ledgerRefund(turn.definition.name) : m.ledgerExtra(turn.definition.name),
          });
        }
      }
      const charged = turn.reserve - delta;
      await tx
        .update(chatMessages)
        .set({
          text: answer.text,
          parts: answer.images,
          status: answer.status,
          inputTokens: usage?.input_tokens ?? null,
          outputTokens: usage?.output_tokens ?? null,
          usageEstimated: usage?.estimated ?? false,
          creditsCharged: charged,
          error: answer.error,
          updatedAt: new Date(),
        })
        .where(eq(chatMessages.id, turn.assistantMessageId));
      await tx
        .update(chatSessions)
        .set({ totalCreditsUsed: sql`${chatSessions.totalCreditsUsed} + ${charged}`, updatedAt: new Date() })
        .where(eq(chatSessions.id, turn.sessionId));
      return { charged, balance };
    });
  }

  private flushInterval(): number {
    return Math.max(FLUSH_INTERVAL_MS, (this.running.size * 1000) / FLUSH_BUDGET_PER_SECOND);
  }

  /** Stops the turns of a session that is being deleted; their charges still settle. */
  stopSession(sessionId: string): void {
    for (const turn of this.running.values()) if (turn.sessionId === sessionId) turn.stop('client');
  }

  /** Stops every running turn and waits until each is stored and settled (graceful shutdown). */
  async stopAll(): Promise<void> {
    const turns = [...this.running.values()];
    for (const turn of turns) turn.stop('shutdown');
    await Promise.all(turns.map((turn) => turn.done));
  }

  /**
   * Settles what a turn that did not finish left behind (a crash, kill -9, power loss, or a database that
   * failed mid-turn): answers still `streaming`, and holds whose turn was never stored. Only what has been
   * idle for `idleMs` is touched, so turns running on other instances are left alone.
   */
  async recoverInterrupted(idleMs: number): Promise<number> {
    return (await this.recoverStreaming(idleMs)) + (await this.refundOrphanHolds(idleMs));
  }

  /**
   * Gives back holds whose turn left no trace: the database failed before the turn's rows were stored and
   * again when it was settled, or the request ended between the hold and the stream. Such a hold has no
   * message with its turn id and no refund; only holds idle for `idleMs` are touched.
   */
  private async refundOrphanHolds(idleMs: number): Promise<number> {
    const orphans = await this.db
      .select({ userId: creditLedger.userId, reference: creditLedger.reference, delta: creditLedger.delta })
      .from(creditLedger)
      .where(
        sql`${creditLedger.kind} = 'charge' and ${creditLedger.reference} like 'turn:%'
            and ${creditLedger.createdAt} < ${new Date(Date.now() - idleMs)}
            and ${creditLedger.createdAt} > now() - interval '7 days'
            and not exists (select 1 from ${chatMessages} where ${chatMessages.turnId} = case
              when ${creditLedger.reference} ~ ${TURN_REFERENCE.source} then substr(${creditLedger.reference}, 6)::uuid end)
            and not exists (select 1 from ${creditLedger} as refunds where refunds.user_id = ${creditLedger.userId}
                            and refunds.kind = 'refund' and refunds.reference = ${creditLedger.reference})`,
      )
      .limit(100);
    let refunded = 0;
    for (const orphan of orphans) {
      const reference = orphan.reference ?? '';
      if (this.running.has(reference.slice('turn:'.length))) continue;
      const { applied } = await applyCreditChange(this.db, {
        userId: orphan.userId,
        delta: -orphan.delta,
        kind: 'refund',
        reference,
        note: m.ledgerRefundUnstored,
      });
      if (applied) refunded += 1;
    }
    return refunded;
  }

  /**
   * Answers left `streaming` are marked stopped with the text they had reached, charged for it, and the
   * rest of their hold is refunded.
   */
  private async recoverStreaming(idleMs: number): Promise<number> {
    const stale = await this.db
      .select({ message: chatMessages, userId: chatSessions.userId })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .where(
        sql`${chatMessages.status} = 'streaming' and ${chatMessages.updatedAt} < ${new Date(Date.now() - idleMs)}`,
      )
      .limit(100);
    let recovered = 0;
    for (const { message, userId } of stale) {
      if (this.running.has(message.turnId)) continue;
      const [held] = await this.db
        .select({ delta: creditLedger.delta })
        .from(creditLedger)
        .where(
          sql`${creditLedger.userId} = ${userId} and ${creditLedger.kind} = 'charge' and ${creditLedger.reference} = ${`turn:${message.turnId}`}`,
        );
      const [prompt] = await this.db
        .select({ text: chatMessages.text })
        .from(chatMessages)
        .where(sql`${chatMessages.turnId} = ${message.turnId} and ${chatMessages.role} = 'user'`);
      const definition = this.registry.get(message.modelId ?? '')?.definition;
      const generated = message.text !== '';
      const usage: TokenUsage | null = generated
        ? {
            input_tokens: estimatePromptTokens([{ text: prompt?.text ?? '' }]),
            output_tokens: estimateTokens(message.text),
            total_tokens: 0,
            estimated: true,
          }
        : null;
      if (usage) usage.total_tokens = usage.input_tokens + usage.output_tokens;
      const cost = usage && definition ? turnCost(definition, usage.input_tokens, usage.output_tokens) : 0;
      await this.settle(
        {
          turnId: message.turnId,
          userId,
          sessionId: message.sessionId,
          assistantMessageId: message.id,
          reserve: held ? -held.delta : 0,
          definition: { name: message.modelName ?? message.modelId ?? '' },
        },
        cost,
        {
          text: message.text,
          images: (message.parts as ImagePart[]) ?? [],
          status: 'stopped',
          usage,
          error: m.interrupted,
        },
      );
      recovered += 1;
    }
    return recovered;
  }
}
