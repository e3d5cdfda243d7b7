import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ChatStore } from '../state/chatStore';
import { sessionPath, syncFromAddress } from './sessionRoute';

/**
 * Keeps the address and the open chat together on the chat page (see sessionRoute.ts for who leads).
 *
 * The address leads through an effect on the route's parameter; the engine leads through its own event
 * (onSessionChosen), never by comparing the two. The router commits an address in a transition while the
 * engine's state renders at once, so a render can show the new engine state beside the old address:
 * taking that gap for "the engine moved" sent the address back over the user's own navigation, and after
 * 新建对话 the browser's Back landed on /home/{id} with the welcome screen instead of the chat.
 */
export function useSessionRoute(chat: ChatStore): void {
  const { sessionId } = useParams();
  const navigate = useNavigate();
  const param = sessionId ?? null;

  useEffect(() => {
    const action = syncFromAddress(param, chat.getState().currentSessionId);
    if (action.kind === 'open') void chat.openSession(action.id);
    else if (action.kind === 'newChat') chat.newChat();
  }, [param, chat]);

  useEffect(
    () => chat.onSessionChosen((id) => navigate(sessionPath(id), { replace: true })),
    [chat, navigate],
  );
}
