/**
 * The wire contract of the model list, with what the selector needs to show each model's price.
 * Prices are in credits: a per-call model costs `fixed_price_credits` per turn; another costs
 * `ceil(input_tokens / 1000 * input_price_credits + output_tokens / 1000 * output_price_credits)`.
 */
import { z } from 'zod';

export const modelsPaths = {
  list: '/models/',
} as const;

/** Where a model's answers come from; `offline` is the built-in demonstration model that needs no network. */
export const MODEL_PROVIDER_KINDS = ['offline', 'openai-compatible', 'openai', 'anthropic'] as const;
export type ModelProviderKind = (typeof MODEL_PROVIDER_KINDS)[number];

export const chatModel = z.object({
  id: z.string(),
  name: z.string(),
  /** One line about the model for the selector; may be empty. */
  description: z.string().default(''),
  provider: z.enum(MODEL_PROVIDER_KINDS).or(z.string()),
  is_per_call: z.boolean(),
  /** Credits per turn of a per-call model (0 otherwise). */
  fixed_price_credits: z.number().nonnegative(),
  /** Credits per 1000 input tokens. */
  input_price_credits: z.number().nonnegative(),
  /** Credits per 1000 output tokens. */
  output_price_credits: z.number().nonnegative(),
  /** The server picks this one when a client has no stored selection. */
  is_default: z.boolean().default(false),
  /**
   * Whether a turn with this model can search the web (联网搜索): false when the server has no search
   * provider configured, and the client then disables the toggle.
   */
  web_search: z.boolean().default(false),
  /** Credits one web search costs, on top of the answer (0: free). */
  search_price_credits: z.number().int().nonnegative().default(0),
  /** The model sees attached images; other models get only the image's name (the client warns first). */
  supports_images: z.boolean().default(false),
});
export type ChatModel = z.infer<typeof chatModel>;

/** The server answers `{models: [...]}`; a plain array is accepted too. */
export const modelListResponse = z.object({ models: z.array(chatModel) });
export type ModelListResponse = z.infer<typeof modelListResponse>;

export const modelListAnswer = z.union([
  modelListResponse.transform((answer) => answer.models),
  z.array(chatModel),
]);
