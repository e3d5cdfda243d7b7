/**
 * A question to the editor's writing assistant, from request to settlement. It is paid for as a chat turn
 * is, by the same parts (modules/generation): the credit hold and its settlement, the provider call with
 * its retries and errors, prices and usage. Only what differs lives here: the prompt is the document, the
 * selection and the document's last turns, and the turn is stored in assistant_turns.
 */
import { createReadStream } from 'node:fs';
import type { AssistantComplete, AssistantTurnFile, TokenUsage } from '@wanxiang/api-client/contract';
import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { assistantTurns } from '../../db/schema';
import { fieldErrors } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { releaseUnrecordedHolds } from '../billing/holds';
import { modelForTurn } from '../billing/planModels';
import { attachmentsForModel } from '../chat/attachments/extract';
import type { AttachmentReader } from '../chat/attachments/reader';
import type { StagedFile } from '../chat/attachments/receive';
import { estimateContextTokens, toPrompt } from '../chat/prompt';
import { GenerationControl } from '../generation/control';
import { holdGeneration, type PreparedGeneration, settleGeneration } from '../generation/hold';
import { turnCost } from '../generation/pricing';
import { outcomeOf, relay } from '../generation/relay';
import { RunningGenerations, recoveryIdleMs } from '../generation/running';
import type { ModelCatalog } from '../models/catalog';
import type { Prompt } from '../models/language-model';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../models/tokens';
import { cutDocument, systemPrompt } from './document';
import { type DocTurnStatus, finishDocTurn, insertDocTurn, recentDocTurns, staleDocTurns } from './repo';

const m = messages.chat;
const d = messages.assistant;

export interface AssistantSettings {
  firstTokenTimeout: number;
  providerRetries: number;
}

export interface DocQuestion {
  model_id: string;
  user_input: string;
  context_enabled: boolean;
  context_turns: number;
  document_markdown: string;
  selection: string;
  focus_offset?: number | undefined;
}

export interface PreparedDocTurn extends PreparedGeneration {
  id: string;
  userId: string;
  docId: string | null;
  documentNote: string | null;
}

export interface DocTurnSink {
  text(delta: string): void;
  error(message: string): void;
  complete(data: AssistantComplete): void;
}

/** A question's file as the history keeps it (its name, type and size). */
const fileOf = (file: StagedFile): AssistantTurnFile => ({
  name: file.name,
  type: file.mimeType,
  size: file.size,
});

/** The ledger reference of an assistant turn's hold and refund. */
export const docTurnReference = (id: string) => `doc-turn:${id}`;

export class AssistantService {
  private readonly running = new RunningGenerations();

  constructor(
    private readonly db: Db,
    private readonly catalog: ModelCatalog,
    private readonly settings: AssistantSettings,
    private readonly logger: Logger,
    /** Reads attached PDF and Word files off the event loop (see chat/attachments/reader.ts). */
    private readonly reader?: AttachmentReader,
  ) {}

  /**
   * Everything that may refuse the question, before any byte of the stream: input, model, credits.
   * `files` are the question's files, already checked (receive.ts) and staged: their text (an image, for a
   * model that sees images) goes to the model as reference material, within what the context leaves.
   */
  async prepare(
    userId: string,
    docId: string | null,
    request: DocQuestion,
    files: readonly StagedFile[] = [],
  ): Promise<PreparedDocTurn> {
    const question = request.user_input.trim();
    // A question may be files alone, as in the chat.
    if (question === '' && files.length === 0) throw fieldErrors({ user_input: [d.emptyQuestion] });
    const { definition, model } = await modelForTurn(this.db, this.catalog, userId, request.model_id);

    const selection = request.selection;
    const excerpt = cutDocument(request.document_markdown, {
      focus: request.focus_offset,
      hasSelection: selection.trim() !== '',
    });
    const turns =
      docId !== null && request.context_enabled
        ? await recentDocTurns(this.db, userId, docId, request.context_turns)
        : [];
    const system = systemPrompt(excerpt, selection);
    const around = [system, ...turns.flatMap((turn) => [turn.question, turn.answer])];
    const aroundTokens = around.reduce(
      (sum, text) => sum + estimateTokens(text) + MESSAGE_OVERHEAD_TOKENS,
      0,
    );
    const questionTokens = estimateTokens(question) + MESSAGE_OVERHEAD_TOKENS;
    const attachments = await attachmentsForModel(
      files.map((file) => ({ ...file, open: async () => createReadStream(file.path) })),
      definition,
      aroundTokens + questionTokens,
      { reader: this.reader, owner: userId },
    );
    const asked = { role: 'user' as const, text: question, attachments };
    const prompt: Prompt = [
      { role: 'system', content: system },
      ...turns.flatMap((turn) => [
        { role: 'user' as const, content: [{ type: 'text' as const, text: turn.question }] },
        { role: 'assistant' as const, content: [{ type: 'text' as const, text: turn.answer }] },
      ]),
      ...toPrompt([asked]),
    ];
    // The question counted with its files' text (an image at a fixed estimate).
    const promptTokens = aroundTokens + estimateContextTokens([asked]);

    const id = crypto.randomUUID();
    const { reserve, maxOutputTokens } = await holdGeneration(this.db, {
      userId,
      reference: docTurnReference(id),
      note: d.ledgerHold(definition.name),
      kind: 'assistant',
      ...(docId ? { target: { type: 'document' as const, id: docId } } : {}),
      model: definition,
      promptTokens,
    });
    const turn: PreparedDocTurn = {
      id,
      userId,
      docId,
      definition,
      model,
      prompt,
      promptTokens,
      reserve,
      maxOutputTokens,
      documentNote: excerpt.note,
      controller: new AbortController(),
    };
    try {
      await insertDocTurn(this.db, {
        id,
        userId,
        docId,
        question,
        files: files.map(fileOf),
        modelId: definition.id,
        modelName: definition.name,
        reserve,
      });
    } catch (error) {
      // Nothing was asked yet: the whole hold goes back.
      await this.settle(turn, 0, { text: '', status: 'error', usage: null, error: m.internal }, false);
      throw error;
    }
    return turn;
  }

  /**
   * Streams the answer into `sink`, then settles: the provider's usage, or what was generated when the
   * client went away (an abort pays only for that). Never throws; a failure ends as an `error` event.
   */
  async run(turn: PreparedDocTurn, sink: DocTurnSink, signal: AbortSignal): Promise<void> {
    const control = new GenerationControl(turn.controller);
    const onClientGone = () => control.stop('client');
    if (signal.aborted) control.stop('client');
    else signal.addEventListener('abort', onClientGone, { once: true });
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    this.running.add(turn.id, { stop: (reason) => control.stop(reason), done });

    const { firstTokenTimeout: idleTimeout } = this.settings;
    const relayed = await relay(control, {
      call: turn,
      promptTokens: turn.promptTokens,
      retries: this.settings.providerRetries,
      idleTimeout,
      text: (delta) => sink.text(delta),
    });
    signal.removeEventListener('abort', onClientGone);
    const { status, failure, usage, cost } = outcomeOf(control, relayed, {
      pricing: turn.definition,
      promptTokens: turn.promptTokens,
      idleTimeout,
    });
    if (failure) sink.error(failure.message);
    try {
      const { charged, balance } = await this.settle(
        turn,
        cost,
        { text: relayed.text, status, usage, error: failure?.message ?? null },
        true,
      );
      sink.complete({
        turn_id: turn.id,
        status,
        model_id: turn.definition.id,
        usage,
        credits_charged: charged,
        ...(balance === undefined ? {} : { credits_balance: balance }),
        document_note: turn.documentNote,
      });
    } catch (error) {
      this.logger.error({ err: error, turn: turn.id }, 'could not settle an assistant turn');
      sink.error(m.internal);
    } finally {
      this.running.delete(turn.id);
      finish();
    }
  }

  /** The hold turned into the real charge and the answer stored, in one transaction. */
  private settle(
    turn: Pick<PreparedDocTurn, 'id' | 'userId' | 'reserve' | 'definition' | 'docId'>,
    cost: number,
    answer: { text: string; status: DocTurnStatus; usage: TokenUsage | null; error: string | null },
    stored: boolean,
  ) {
    const settlement = {
      userId: turn.userId,
      reference: docTurnReference(turn.id),
      reserve: turn.reserve,
      cost,
      refundNote: d.ledgerRefund(turn.definition.name),
      extraNote: d.ledgerExtra(turn.definition.name),
      kind: 'assistant' as const,
      model: turn.definition.name,
      ...(turn.docId ? { target: { type: 'document' as const, id: turn.docId } } : {}),
      usage: answer.usage ? { input: answer.usage.input_tokens, output: answer.usage.output_tokens } : null,
    };
    return settleGeneration(this.db, settlement, async (tx, settled) => {
      if (stored) await finishDocTurn(tx, turn.id, { ...answer, charged: settled.charged });
      return settled;
    });
  }

  /** Stops every running answer and waits until each is settled (graceful shutdown). */
  stopAll(): Promise<void> {
    return this.running.stopAll();
  }

  /**
   * Settles turns a crash left `streaming` (idle long enough that nothing runs them): marked stopped with
   * nothing kept (the answer was never written before the end), charged for the prompt only, the rest of
   * the hold refunded.
   */
  async recoverInterrupted(idleMs = recoveryIdleMs(this.settings.firstTokenTimeout)): Promise<number> {
    let recovered = 0;
    for (const row of await staleDocTurns(this.db, idleMs)) {
      if (this.running.has(row.id)) continue;
      const definition = (await this.catalog.current()).definition(row.modelId);
      const pricing = definition ?? { isPerCall: false, fixedPrice: 0, inputPrice: 0, outputPrice: 0 };
      const settlement = {
        userId: row.userId,
        reference: docTurnReference(row.id),
        reserve: row.reserve,
        cost: Math.min(row.reserve, turnCost(pricing, estimateTokens(row.question), 0)),
        refundNote: d.ledgerRefund(row.modelName),
        extraNote: d.ledgerExtra(row.modelName),
        kind: 'assistant' as const,
        model: row.modelName,
        ...(row.docId ? { target: { type: 'document' as const, id: row.docId } } : {}),
      };
      await settleGeneration(this.db, settlement, async (tx, settled) => {
        await finishDocTurn(tx, row.id, {
          text: '',
          status: 'stopped',
          usage: null,
          charged: settled.charged,
          error: m.interrupted,
        });
      });
      recovered += 1;
    }
    return recovered + (await this.releaseUnrecordedHolds(idleMs));
  }

  /**
   * Holds of questions whose row was never written (the process died between the hold and the row), idle
   * for `idleMs`: refunded whole, since nothing was answered.
   */
  private releaseUnrecordedHolds(idleMs: number): Promise<number> {
    return releaseUnrecordedHolds(this.db, {
      prefix: 'doc-turn:',
      before: new Date(Date.now() - idleMs),
      note: m.ledgerUnrecordedRefund,
      isRunning: (id) => this.running.has(id),
      recorded: async (ids) =>
        new Set(
          (
            await this.db
              .select({ id: assistantTurns.id })
              .from(assistantTurns)
              .where(inArray(assistantTurns.id, ids))
          ).map((row) => row.id),
        ),
    });
  }
}
