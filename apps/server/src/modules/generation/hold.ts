/**
 * The two ends of a paid generation's credits: the hold taken before the provider is called, and its
 * settlement to the real cost when the answer ends (complete, stopped, failed).
 */
import { INSUFFICIENT_CREDITS_CODE } from '@wanxiang/api-client/contract';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { balanceOf, holdCredits, type Settlement, settleHold } from '../billing/holds';
import type { ChargeKind, LedgerTarget } from '../billing/ledger';
import type { ModelDefinition } from '../models/config';
import type { LanguageModelV3, Prompt } from '../models/language-model';
import { type Pricing, planTurn, turnCost } from './pricing';

/** A paid generation ready to run: its model and prompt, and what was held for it. */
export interface PreparedGeneration {
  definition: ModelDefinition;
  model: LanguageModelV3;
  prompt: Prompt;
  /** The prompt's tokens as estimated before the provider says. */
  promptTokens: number;
  /** What was held for it (see holdGeneration). */
  reserve: number;
  maxOutputTokens: number;
  /** Aborts the provider call: the client went away, the answer timed out, or the server is stopping. */
  controller: AbortController;
}

export interface GenerationHoldRequest {
  userId: string;
  /** The ledger reference of the hold, its refund and any extra charge, e.g. `turn:<uuid>`. */
  reference: string;
  /** The ledger's note on the hold, in the user's words. */
  note: string;
  /** The hold's ledger kind and what its row links to. */
  kind: ChargeKind;
  target?: LedgerTarget;
  model: Pricing & { maxOutputTokens: number; name?: string };
  /** The prompt's tokens as estimated before the provider says. */
  promptTokens: number;
}

export interface GenerationHold {
  /** What was held: the cost of the prompt and a full-length answer, or the whole balance when less. */
  reserve: number;
  /** The answer's token limit, lowered to what the hold pays for when it is the whole balance. */
  maxOutputTokens: number;
}

/**
 * Holds the most the generation can cost before the provider is called, so that simultaneous generations
 * can never overdraw and one the balance cannot pay for never reaches the provider (each would otherwise
 * start an upstream call that only one of them pays for). A free model needs no hold. Refuses with 402
 * `insufficient_credits` when the balance is below the least it can cost (its prompt and one token).
 * Nothing else is written: the first token waits for this one statement only.
 */
export async function holdGeneration(db: Db, request: GenerationHoldRequest): Promise<GenerationHold> {
  const { model, promptTokens } = request;
  const full = model.isPerCall ? model.fixedPrice : turnCost(model, promptTokens, model.maxOutputTokens);
  if (full <= 0) return { reserve: 0, maxOutputTokens: model.maxOutputTokens };
  const minimum = model.isPerCall ? model.fixedPrice : turnCost(model, promptTokens, 1);
  const reserve = await holdCredits(db, {
    userId: request.userId,
    reference: request.reference,
    full,
    minimum,
    note: request.note,
    kind: request.kind,
    model: model.name,
    target: request.target,
  });
  if (reserve === null) {
    const balance = await balanceOf(db, request.userId);
    if (balance === undefined) throw notFound();
    throw new HttpError(402, {
      detail: messages.chat.insufficientCredits(minimum, balance),
      code: INSUFFICIENT_CREDITS_CODE,
    });
  }
  if (reserve >= full) return { reserve, maxOutputTokens: model.maxOutputTokens };
  const plan = planTurn(model, promptTokens, reserve);
  return { reserve, maxOutputTokens: 'refused' in plan ? 1 : plan.maxOutputTokens };
}

/**
 * Turns the hold into the real charge and stores what was paid for, in one transaction: `record` writes
 * the product's own row (a chat answer, an assistant turn) with what was charged, or the whole settlement
 * rolls back. Answers what `record` answers.
 */
export function settleGeneration<T>(
  db: Db,
  settlement: Settlement,
  record: (tx: Db, settled: { charged: number; balance: number | undefined }) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => record(tx, await settleHold(tx, settlement)));
}
