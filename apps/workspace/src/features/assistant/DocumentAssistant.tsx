import { AssistantDock, AssistantPanel, AssistantStore } from '@wanxiang/editor';
import { type ReactNode, useEffect, useMemo } from 'react';
import { api } from '../../session/api';
import { Markdown } from '../chat/markdown/Markdown';
import { createAssistantTransport } from './transport';

/** The chat's sanitized Markdown renderer, so that the assistant's answers look like the chat's. */
function renderMarkdown(markdown: string, { streaming }: { streaming: boolean }): ReactNode {
  return <Markdown text={markdown} status={streaming ? 'streaming' : 'done'} />;
}

/**
 * The editor's AI assistant for one document: its panel and dock for WordEditor's slots, sharing one store.
 * `cloudId` is the document's cloud id once it has one; until then every question
 * takes the transient endpoint.
 */
export function useDocumentAssistant(documentId: string | undefined, cloudId: string | null = null) {
  // Made during render, not in an effect: the editor decides once whether its right panel starts open.
  const store = useMemo(
    () => (documentId ? new AssistantStore(createAssistantTransport(api, cloudId)) : null),
    [documentId, cloudId],
  );
  useEffect(() => () => store?.dispose(), [store]);
  return {
    panel: store ? <AssistantPanel store={store} renderMarkdown={renderMarkdown} /> : undefined,
    dock: store ? <AssistantDock store={store} /> : undefined,
  };
}
