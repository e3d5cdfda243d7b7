import { chatText } from '../messages';

/** The price line of a model in the selector. */
export function formatModelPrice(model: {
  is_per_call: boolean;
  fixed_price_credits?: number | null;
  input_price_credits?: number | null;
  output_price_credits?: number | null;
}): string {
  if (model.is_per_call) {
    const price = model.fixed_price_credits ?? 0;
    return price === 0 ? chatText.priceFree : chatText.pricePerCall(price);
  }
  const input = model.input_price_credits ?? 0;
  const output = model.output_price_credits ?? 0;
  // A model that costs nothing (the built-in demonstration) says so in a word, not as two zero prices.
  return input === 0 && output === 0 ? chatText.priceFree : chatText.pricePerTokens(input, output);
}

/** Elapsed time as mm:ss for the thinking timer (minutes keep counting past 59: 75:03). */
export function formatClock(elapsedMs: number): string {
  const total = Math.max(0, Math.floor(elapsedMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** A session's label: its title, or 未命名会话 when it has none. */
export function sessionTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : chatText.untitled;
}

const time = (value: string | null | undefined) => {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
};

/** The item whose `key` date is the latest (newest updated_at after a load, created_at after a create). */
export function newestBy<T extends Record<K, string | null | undefined>, K extends string>(
  items: readonly T[],
  key: K,
): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || time(item[key]) > time(best[key])) best = item;
  return best;
}

/** Credits a turn cost, from the metadata the server attached to the answer; null when it says nothing. */
export function creditsFromMetadata(metadata: unknown): number | null {
  if (!metadata || typeof metadata !== 'object') return null;
  const record = metadata as Record<string, unknown>;
  for (const key of ['credits_charged', 'credits_used', 'credits']) {
    const value = record[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
      return Number(value);
  }
  return null;
}
