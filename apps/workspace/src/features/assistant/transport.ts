/**
 * The editor assistant's transport on the app's API client: the model list and the assistant endpoints
 * (api.assistant picks the cloud or the transient endpoint by the document's cloud id). Errors become the
 * kinds the editor's assistant has a text for. Files are checked by the chat's rules and in its words,
 * and sent as the chat sends them, with the upload's progress.
 */
import {
  type ApiClient,
  ApiError,
  ATTACHMENT_ACCEPT,
  NetworkError,
  StreamError,
  TokenServiceError,
} from '@wanxiang/api-client';
import { AssistantError, type AssistantEvent, type AssistantTransport, ModelsError } from '@wanxiang/editor';
import { checkFiles } from '../chat/attachments/validate';

export function toModelsError(error: unknown): ModelsError {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return new ModelsError('auth', error.status);
    return new ModelsError('http', error.status);
  }
  if (error instanceof TokenServiceError) return new ModelsError('auth');
  return new ModelsError('failed', 0, error instanceof Error ? error.message : '');
}

export function toAssistantError(error: unknown): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return new AssistantError('auth');
    if (error.status === 404) return new AssistantError('notFound');
    const body = error.body;
    const detail =
      body?.detail ??
      body?.error ??
      Object.values(body?.errors ?? {})[0]?.[0] ??
      (error.response.statusText || `HTTP ${error.status}`);
    return new AssistantError('failed', detail);
  }
  if (error instanceof TokenServiceError) return new AssistantError('auth');
  if (error instanceof StreamError && error.code === 'EMPTY_BODY') return new AssistantError('emptyBody');
  if (error instanceof NetworkError) return new AssistantError('network');
  if (error instanceof StreamError) return new AssistantError('failed', error.message);
  return new AssistantError('network');
}

export function createAssistantTransport(
  api: Pick<ApiClient, 'models' | 'assistant'>,
  cloudId: string | null,
): AssistantTransport {
  return {
    hasHistory: cloudId !== null,
    attachments: { accept: ATTACHMENT_ACCEPT, check: checkFiles },
    ...(cloudId === null
      ? {}
      : {
          async loadHistory(signal: AbortSignal) {
            const items = await api.assistant.history(cloudId, { signal });
            return items.map((item) => ({
              id: item.id,
              question: item.question,
              files: item.files,
              answer: item.answer,
              timestamp: Date.parse(item.created_at),
            }));
          },
        }),
    async loadModels(signal) {
      try {
        const models = await api.models.listModels({ signal });
        return models.map((model) => ({ id: model.id, name: model.name }));
      } catch (error) {
        throw toModelsError(error);
      }
    },
    async *ask(question, signal, options = {}): AsyncGenerator<AssistantEvent> {
      try {
        for await (const event of api.assistant.ask(
          {
            cloudId,
            modelId: question.modelId,
            question: question.question,
            contextEnabled: question.contextEnabled,
            documentMarkdown: question.documentMarkdown,
            selection: question.selection,
            focusOffset: question.focusOffset,
            files: question.files,
            onUploadProgress: options.onUploadProgress,
          },
          { signal },
        )) {
          if (event.type === 'complete') {
            if (event.data.document_note) yield { type: 'note', note: event.data.document_note };
          } else yield event;
        }
      } catch (error) {
        throw toAssistantError(error);
      }
    },
  };
}
