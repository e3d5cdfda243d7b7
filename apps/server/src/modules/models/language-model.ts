/**
 * The AI SDK's language-model interface that every model here implements (the providers' and the offline
 * one), the shapes of one call to it, and the mark the server puts on an attached file's prompt part.
 * It sits below the registry and the offline model so that both, and whoever writes prompts, share it
 * without importing each other.
 */
import type { LanguageModel } from 'ai';

export type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
export type CallOptions = Parameters<LanguageModelV3['doStream']>[0];
export type StreamResult = Awaited<ReturnType<LanguageModelV3['doStream']>>;
/** One part of a model's answer stream: a piece of text, of reasoning, a file, a raw chunk, the finish… */
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
/** What a model is given: the messages of one call. */
export type Prompt = CallOptions['prompt'];

/**
 * Marks a prompt part as an attached file, for models that read the prompt's parts themselves (the offline
 * model lists the files it was given); providers ignore another namespace's options.
 */
export const ATTACHMENT_OPTION = 'wanxiang';
export interface AttachmentMark {
  name: string;
  type: string;
  size: number;
}
