/**
 * What a turn that did not finish leaves behind (a crash, kill -9, power loss, or a database that failed
 * mid-turn), settled by a later sweep: answers still `streaming`. Only what has been idle for `idleMs` is
 * touched, so turns running on other instances are left alone.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatSessions, creditLedger } from '../../db/schema';
import { messages } from '../../i18n/zh-CN';
import { releaseUnrecordedHolds } from '../billing/holds';
import { turnCost } from '../generation/pricing';
import { answerUsage } from '../generation/usage';
import type { ModelCatalog } from '../models/catalog';
import { estimatePromptTokens } from '../models/tokens';
import { type AnswerPart, answerParts } from './attachments/generated';
import { messageFiles } from './attachments/repo';
import { settleTurn, turnReference } from './settlement';

const m = messages.chat;

export interface RecoveryDeps {
  db: Db;
  catalog: ModelCatalog;
  /** True for a turn this process is still running. */
  isRunning(turnId: string): boolean;
}

/**
 * Answers left `streaming` are marked stopped with the text they had reached, charged for it, and the
 * rest of their hold is refunded. Answers how many it settled.
 */
export async function recoverInterrupted(
  { db, catalog, isRunning }: RecoveryDeps,
  idleMs: number,
): Promise<number> {
  const stale = await db
    .select({ message: chatMessages, userId: chatSessions.userId })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(
      sql`${chatMessages.status} = 'streaming' and ${chatMessages.updatedAt} < ${new Date(Date.now() - idleMs)}`,
    )
    .limit(100);
  let recovered = 0;
  for (const { message, userId } of stale) {
    if (isRunning(message.turnId)) continue;
    const [held] = await db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(
        sql`${creditLedger.userId} = ${userId} and ${creditLedger.kind} in ('chat', 'charge') and ${creditLedger.reference} = ${turnReference(message.turnId)}`,
      );
    // The question the answer follows: its own turn's, or an older one when the answer was regenerated.
    const [prompt] = message.parentId
      ? await db
          .select({ text: chatMessages.text })
          .from(chatMessages)
          .where(eq(chatMessages.id, message.parentId))
      : [];
    const definition = (await catalog.current()).definition(message.modelId ?? '');
    const usage = answerUsage({
      generated: message.text !== '',
      text: message.text,
      reasoning: '',
      promptTokens: estimatePromptTokens([{ text: prompt?.text ?? '' }]),
      reported: undefined,
    });
    const cost = usage && definition ? turnCost(definition, usage.input_tokens, usage.output_tokens) : 0;
    // The images it had generated were stored as they came; its parts are written only at the end.
    const stored = answerParts(message.parts);
    const parts: AnswerPart[] =
      stored.length > 0
        ? stored
        : (await messageFiles(db, message.id)).map((file) => ({
            type: 'image_file',
            id: file.id,
            mime_type: file.mimeType,
            size: file.size,
          }));
    await settleTurn(
      db,
      {
        turnId: message.turnId,
        userId,
        sessionId: message.sessionId,
        assistantMessageId: message.id,
        reserve: held ? -held.delta : 0,
        modelName: message.modelName ?? message.modelId ?? '',
      },
      cost,
      {
        text: message.text,
        parts,
        status: 'stopped',
        usage,
        error: m.interrupted,
      },
    );
    recovered += 1;
  }
  return recovered;
}

/**
 * Holds of chat turns that never wrote their rows (the process died in the milliseconds between the hold
 * and the turn's rows), idle for `idleMs`: refunded whole, since nothing was answered. The hold of a turn's
 * web search (`turn:<id>:search`) goes with its turn. Answers how many it refunded.
 */
export function releaseTurnHolds(
  { db, isRunning }: Pick<RecoveryDeps, 'db' | 'isRunning'>,
  idleMs: number,
): Promise<number> {
  return releaseUnrecordedHolds(db, {
    prefix: 'turn:',
    before: new Date(Date.now() - idleMs),
    note: m.ledgerUnrecordedRefund,
    isRunning,
    recorded: async (ids) =>
      new Set(
        (
          await db
            .selectDistinct({ turnId: chatMessages.turnId })
            .from(chatMessages)
            .where(inArray(chatMessages.turnId, ids))
        ).map((row) => row.turnId),
      ),
  });
}
