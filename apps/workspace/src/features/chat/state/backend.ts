import { type ApiClient, ApiError, type ChatMessage as WireMessage } from '@wanxiang/api-client';
import { creditsFromMetadata } from './format';
import { type ChatBackend, type ChatImage, type ChatMessage, ChatNotFoundError } from './types';

/** A stored message as the chat shows it. Assistant parts (text, images) are flattened in order. */
export function fromWireMessage(message: WireMessage): ChatMessage {
  if (message.role === 'user') {
    return {
      id: message.id,
      role: 'user',
      text: message.content.text,
      images: [],
      files: message.content.files,
      status: 'done',
      error: null,
      credits: null,
      startedAt: null,
      serverId: message.id,
      versions: message.versions ?? [message.id],
    };
  }
  const parts =
    typeof message.content === 'string'
      ? [{ type: 'text' as const, text: message.content }]
      : message.content;
  let text = '';
  const images: ChatImage[] = [];
  for (const part of parts) {
    if (part.type === 'text') text += part.text;
    // Answers stored before generated images went to the file store keep them inline.
    else if (part.type === 'image_data')
      images.push({ src: `data:${part.mime_type};base64,${part.data}`, mimeType: part.mime_type });
    else if (part.type === 'image_url') images.push({ src: part.url });
    else images.push({ src: '', url: part.url, mimeType: part.mime_type });
  }
  const { metadata } = message;
  const status =
    metadata.status === 'stopped'
      ? 'stopped'
      : metadata.status === 'error'
        ? 'error'
        : metadata.status === 'streaming'
          ? 'streaming'
          : 'done';
  return {
    id: message.id,
    role: 'assistant',
    text,
    images,
    files: [],
    status,
    error: status === 'error' ? (metadata.error ?? null) : null,
    credits: creditsFromMetadata(metadata),
    // Still being generated (another tab's, or this one's before a reload): its timer counts from its start.
    startedAt: status === 'streaming' ? Date.parse(message.created_at) || null : null,
    modelName: metadata.model_name ?? null,
    serverId: message.id,
    versions: message.versions ?? [message.id],
    ...(metadata.search
      ? {
          search: {
            status: metadata.search.status,
            query: metadata.search.query,
            count: metadata.search.count,
            message: metadata.search.error ?? null,
          },
          sources: metadata.sources ?? [],
        }
      : {}),
    ...(metadata.notices?.length ? { notices: metadata.notices } : {}),
    ...(metadata.credits_limited ? { creditsLimited: true } : {}),
  };
}

/** The chat's view of the server, through the app's API client (api.models, api.chat). */
export function createApiBackend(api: Pick<ApiClient, 'models' | 'chat'>): ChatBackend {
  return {
    listModels: () => api.models.listModels(),
    async listSessions(page, pageSize, query) {
      const answer = await api.chat.listSessions(page, pageSize, query ? { query } : {});
      return { items: answer.results, total: answer.count, hasMore: answer.next !== null };
    },
    updateSession: (id, change) => api.chat.updateSession(id, change),
    async getSession(id) {
      try {
        const detail = await api.chat.getSession(id);
        return detail.history.map(fromWireMessage);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new ChatNotFoundError(error.message);
        throw error;
      }
    },
    deleteSession: (id) => api.chat.deleteSession(id),
    async selectVersion(sessionId, messageId) {
      const detail = await api.chat.selectVersion(sessionId, { message_id: messageId });
      return detail.history.map(fromWireMessage);
    },
    createTurn: (input, signal) =>
      api.chat.createTurn(
        {
          session_id: input.sessionId,
          model_id: input.modelId,
          // A regenerated answer's question is the stored one.
          ...(input.regenerateMessageId
            ? { regenerate_message_id: input.regenerateMessageId }
            : { prompt: { text: input.text } }),
          ...(input.editMessageId ? { edit_message_id: input.editMessageId } : {}),
          search_enabled: input.searchEnabled,
          ...(input.files && input.files.length > 0 ? { files: input.files } : {}),
          ...(input.onUploadProgress ? { onUploadProgress: input.onUploadProgress } : {}),
        },
        { signal },
      ),
    followTurn: (sessionId, signal) => api.chat.followTurn(sessionId, { signal }),
    stopTurn: (sessionId) => api.chat.stopTurn(sessionId),
    getFile: (url) => api.chat.getFile(url),
  };
}
