import type { ModelDefinition } from '../models/config';

export type Pricing = Pick<ModelDefinition, 'isPerCall' | 'fixedPrice' | 'inputPrice' | 'outputPrice'>;

/**
 * What a generation costs, in credits: a per-call model its fixed price whatever it says; another the
 * tokens it read and wrote at its prices per thousand, rounded up, so that no answer is free by rounding.
 */
export function turnCost(pricing: Pricing, inputTokens: number, outputTokens: number): number {
  if (pricing.isPerCall) return pricing.fixedPrice;
  const exact = (inputTokens / 1000) * pricing.inputPrice + (outputTokens / 1000) * pricing.outputPrice;
  // 0.1 + 0.2 style float noise must not round a whole number up.
  return Math.max(0, Math.ceil(exact - 1e-9));
}

export interface TurnBudget {
  /** The least a turn can cost: its prompt and one token of answer. Refused when the balance is lower. */
  minimum: number;
  /** Held from the balance while the turn runs; the difference to the real cost is refunded after. */
  reserve: number;
  /** The answer's token limit, lowered so that the cost cannot exceed what the balance covers. */
  maxOutputTokens: number;
}

/**
 * What a turn needs before it may start. For a priced token model the hold is the cost of the prompt and
 * a full-length answer, or the whole balance when that is less, in which case the answer's length is cut to
 * what the balance pays for. `null` when the balance cannot cover the minimum.
 */
export function planTurn(
  model: Pricing & { maxOutputTokens: number },
  promptTokens: number,
  balance: number,
): TurnBudget | { refused: true; minimum: number } {
  if (model.isPerCall) {
    const minimum = model.fixedPrice;
    if (balance < minimum) return { refused: true, minimum };
    return { minimum, reserve: minimum, maxOutputTokens: model.maxOutputTokens };
  }
  const minimum = turnCost(model, promptTokens, 1);
  if (balance < minimum) return { refused: true, minimum };
  const full = turnCost(model, promptTokens, model.maxOutputTokens);
  if (full <= balance) return { minimum, reserve: full, maxOutputTokens: model.maxOutputTokens };
  const inputCost = (promptTokens / 1000) * model.inputPrice;
  const affordable =
    model.outputPrice > 0
      ? Math.floor(((balance - inputCost) * 1000) / model.outputPrice)
      : model.maxOutputTokens;
  return {
    minimum,
    reserve: balance,
    maxOutputTokens: Math.max(1, Math.min(model.maxOutputTokens, affordable)),
  };
}
