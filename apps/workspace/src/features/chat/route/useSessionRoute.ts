import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ChatStore } from '../state/chatStore';
import { syncFromAddress, syncFromEngine } from './sessionRoute';

/**
 * Keeps the address and the open chat together on the chat page (see sessionRoute.ts for who leads).
 * Each side is read fresh from its source inside the effects: the rendered values may be a step behind.
 */
export function useSessionRoute(chat: ChatStore, currentSessionId: string | null): void {
  const { sessionId } = useParams();
  const navigate = useNavigate();
  const param = sessionId ?? null;
  const paramRef = useRef(param);
  paramRef.current = param;

  useEffect(() => {
    const action = syncFromAddress(param, chat.getState().currentSessionId);
    if (action.kind === 'open') void chat.openSession(action.id);
    else if (action.kind === 'newChat') chat.newChat();
  }, [param, chat]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the engine's session is the trigger
  useEffect(() => {
    const action = syncFromEngine(paramRef.current, chat.getState().currentSessionId);
    if (action.kind === 'navigate') navigate(action.to, { replace: true });
  }, [currentSessionId, chat, navigate]);
}
