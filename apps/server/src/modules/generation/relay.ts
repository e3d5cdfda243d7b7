/**
 * The answer's way from the provider to the product: the provider is called (with its retries), each
 * piece of the answer handed on as it comes, the reasoning and the provider's usage kept for the price,
 * and a provider silent too long (before or during its answer) stopped. Then what the generation comes to:
 * its status, failure, usage and cost.
 *
 * The provider is driven through the AI SDK's language-model interface (`doStream`) rather than
 * `streamText`: the relay needs only the raw parts, and skipping streamText's per-part pipeline is what
 * keeps two hundred simultaneous streams smooth on a small machine.
 */
import type { TokenUsage } from '@wanxiang/api-client/contract';
import { messages } from '../../i18n/zh-CN';
import type { StreamPart } from '../models/language-model';
import { estimateTokens } from '../models/tokens';
import type { GenerationControl } from './control';
import { type Pricing, turnCost } from './pricing';
import { openStream, type ProviderCall } from './provider';
import { describeProviderError, type TurnFailure } from './provider-errors';
import { answerUsage } from './usage';

const m = messages.chat;

export interface RelayOptions {
  call: ProviderCall;
  /** The prompt's estimated tokens: the input when the provider reports only its output. */
  promptTokens: number;
  /** Retries of a provider call that failed before answering. */
  retries: number;
  /** Seconds the provider may be silent, before its first piece or between two, before it is stopped. */
  idleTimeout: number;
  /** Each piece of the answer's text, with all the text so far. */
  text(delta: string, text: string): void;
  /** The parts the relay does not read itself (files, raw chunks), in order; awaited. */
  part?(part: StreamPart): Promise<void> | void;
}

export interface Relayed {
  text: string;
  /** What a reasoning model thought before answering: not shown, but generated and paid for. */
  reasoning: string;
  /** The provider's usage, when it reported one. */
  reported: { input: number; output: number } | undefined;
  /** The answer ended at its token limit (the provider's finish reason `length`). */
  cutAtLimit?: boolean;
}

/**
 * Relays the provider's answer until it ends, fails or is stopped through `control`. Never throws: a
 * provider's failure is recorded on `control` (the first one), a stop leaves what came before it.
 */
export async function relay(control: GenerationControl, options: RelayOptions): Promise<Relayed> {
  const relayed: Relayed = { text: '', reasoning: '', reported: undefined };
  const timeoutMs = options.idleTimeout * 1000;
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    // refresh() re-arms the same timer: cheaper than a new one for every piece of every stream.
    if (idle) idle.refresh();
    else idle = setTimeout(() => control.stop('timeout'), timeoutMs);
  };
  try {
    armIdle();
    const stream = await openStream(options.call, control.signal, options.retries);
    for await (const part of stream) {
      armIdle();
      switch (part.type) {
        case 'text-delta':
          if (part.delta === '') break;
          relayed.text += part.delta;
          options.text(part.delta, relayed.text);
          break;
        case 'reasoning-delta':
          relayed.reasoning += part.delta;
          break;
        case 'finish': {
          if (part.finishReason.unified === 'length') relayed.cutAtLimit = true;
          const input = part.usage.inputTokens.total;
          const output = part.usage.outputTokens.total;
          if (input !== undefined || output !== undefined) {
            relayed.reported = {
              input: input ?? options.promptTokens,
              output: output ?? estimateTokens(relayed.text) + estimateTokens(relayed.reasoning),
            };
          }
          break;
        }
        case 'error':
          control.fail(describeProviderError(part.error));
          break;
        default:
          await options.part?.(part);
          break;
      }
      if (control.failure) break;
    }
  } catch (error) {
    if (!control.stopReason && !control.signal.aborted) control.fail(describeProviderError(error));
  } finally {
    if (idle) clearTimeout(idle);
  }
  return relayed;
}

export type GenerationStatus = 'complete' | 'stopped' | 'error';

export interface GenerationOutcome {
  status: GenerationStatus;
  failure: TurnFailure | undefined;
  /** What the answer used; null when nothing was generated (it costs nothing). */
  usage: TokenUsage | null;
  /** What it costs: its usage at the model's prices. */
  cost: number;
}

/**
 * What a relayed generation comes to. A stop for a timeout or a shutdown is a failure the user reads; an
 * answer that ends with nothing said is one too. `answered`: whether the answer said anything (text, or
 * something the product kept of it, like an image); by default, whether it has text.
 */
export function outcomeOf(
  control: GenerationControl,
  relayed: Relayed,
  generation: { pricing: Pricing; promptTokens: number; idleTimeout: number; answered?: boolean },
): GenerationOutcome {
  const { stopReason } = control;
  if (stopReason === 'timeout') {
    control.failure = { code: 'provider_timeout', message: m.providerTimeout(generation.idleTimeout) };
  } else if (stopReason === 'shutdown') {
    control.failure = { code: 'internal', message: m.shuttingDown };
  }
  const { text, reasoning, reported } = relayed;
  const answered = generation.answered ?? text !== '';
  if (!control.failure && !stopReason && !answered) {
    control.failure = { code: 'provider_error', message: m.providerEmpty };
  }
  const failure = control.failure;
  const status = failure ? 'error' : stopReason === 'client' ? 'stopped' : 'complete';
  const generated = answered || reasoning !== '';
  const usage = answerUsage({ generated, text, reasoning, promptTokens: generation.promptTokens, reported });
  const cost = usage ? turnCost(generation.pricing, usage.input_tokens, usage.output_tokens) : 0;
  return { status, failure, usage, cost };
}
