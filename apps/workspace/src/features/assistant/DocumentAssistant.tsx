import { AssistantDock, AssistantPanel, AssistantStore } from '@wanxiang/editor';
import { useEffect, useMemo } from 'react';
import { api } from '../../session/api';
import { createAssistantTransport } from './transport';

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
    panel: store ? <AssistantPanel store={store} /> : undefined,
    dock: store ? <AssistantDock store={store} /> : undefined,
  };
}
