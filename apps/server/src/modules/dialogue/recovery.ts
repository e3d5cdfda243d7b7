/**
 * What a turn that did not finish leaves behind (a crash, kill -9, power loss, or a database that failed
 * mid-turn), settled by a later sweep: answers still `streaming`, and holds whose turn was never stored.
 * Only what has been idle for `idleMs` is touched, so turns running on other instances are left alone.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatSessions, creditLedger } from '../../db/schema';
import { messages } from '../../i18n/zh-CN';
import { applyCreditChange } from '../billing/ledger';
import type { ModelRegistry } from '../models/registry';
import { turnCost } from './pricing';
import type { ImagePart } from './repo';
import { settleTurn, turnReference } from './settlement';
import { estimatePromptTokens } from './tokens';
import { answerUsage } from './usage';

const m = messages.chat;
const TURN_REFERENCE = /^turn:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface RecoveryDeps {
  db: Db;
  registry: ModelRegistry;
  /** True for a turn this process is still running. */
  isRunning(turnId: string): boolean;
}

/** Settles what unfinished turns left; answers how many it settled. */
export async function recoverInterrupted(deps: RecoveryDeps, idleMs: number): Promise<number> {
  return (await recoverStreaming(deps, idleMs)) + (await refundOrphanHolds(deps, idleMs));
}

/**
 * Answers left `streaming` are marked stopped with the text they had reached, charged for it, and the
 * rest of their hold is refunded.
 */
async function recoverStreaming({ db, registry, isRunning }: RecoveryDeps, idleMs: number): Promise<number> {
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
        sql`${creditLedger.userId} = ${userId} and ${creditLedger.kind} = 'charge' and ${creditLedger.reference} = ${turnReference(message.turnId)}`,
      );
    const [prompt] = await db
      .select({ text: chatMessages.text })
      .from(chatMessages)
      .where(sql`${chatMessages.turnId} = ${message.turnId} and ${chatMessages.role} = 'user'`);
    const definition = registry.get(message.modelId ?? '')?.definition;
    const usage = answerUsage({
      generated: message.text !== '',
      text: message.text,
      reasoning: '',
      promptTokens: estimatePromptTokens([{ text: prompt?.text ?? '' }]),
      reported: undefined,
    });
    const cost = usage && definition ? turnCost(definition, usage.input_tokens, usage.output_tokens) : 0;
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

/**
 * Gives back holds whose turn left no trace: the database failed before the turn's rows were stored and
 * again when it was settled, or the request ended between the hold and the stream. Such a hold has no
 * message with its turn id and no refund. Holds of the last week are looked at.
 */
async function refundOrphanHolds({ db, isRunning }: RecoveryDeps, idleMs: number): Promise<number> {
  const orphans = await db
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
    if (isRunning(reference.slice('turn:'.length))) continue;
    const { applied } = await applyCreditChange(db, {
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
