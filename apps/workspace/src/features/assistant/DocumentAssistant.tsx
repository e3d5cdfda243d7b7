import { AssistantDock, AssistantPanel, AssistantStore } from '@wanxiang/editor';
import { useEffect, useMemo, useRef } from 'react';
import { api } from '../../session/api';
import { createAssistantTransport } from './transport';

/**
 * The editor's AI assistant for one document: its panel and dock for WordEditor's slots, sharing one store.
 * `cloudId` is the document's cloud id once it has one; until then every question takes the transient
 * endpoint. The store lives as long as the document is open: when a new document reaches the cloud while
 * the user types a question or reads an answer, only its way to the server changes.
 */
export function useDocumentAssistant(
  documentId: string | undefined,
  cloudId: string | null = null,
  /** The user's default model (偏好设置), preselected when the server offers it. */
  defaultModel: string | null = null,
) {
  // The cloud id the store's transport was made for.
  const madeFor = useRef(cloudId);
  // Made during render, not in an effect: the editor decides once whether its right panel starts open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new cloud id changes the store's transport below, not the store
  const store = useMemo(() => {
    if (!documentId) return null;
    madeFor.current = cloudId;
    return new AssistantStore(
      createAssistantTransport(api, cloudId),
      defaultModel ? { modelId: defaultModel } : {},
    );
  }, [documentId]);
  useEffect(() => {
    if (!store || madeFor.current === cloudId) return;
    madeFor.current = cloudId;
    store.setTransport(createAssistantTransport(api, cloudId));
  }, [store, cloudId]);
  useEffect(() => () => store?.dispose(), [store]);
  return {
    panel: store ? <AssistantPanel store={store} /> : undefined,
    dock: store ? <AssistantDock store={store} /> : undefined,
  };
}
