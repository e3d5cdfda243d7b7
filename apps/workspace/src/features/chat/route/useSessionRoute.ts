import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { currentSessionIdAtom, sessionChosenAtom } from '../state/conversation';
import { newChatAtom, openSessionAtom } from '../state/openChat';
import { sessionPath, syncFromAddress } from './sessionRoute';

/**
 * Keeps the address and the open chat together on the chat page (see sessionRoute.ts for who leads).
 *
 * The address leads through an effect on the route's parameter; the chat leads through its own event
 * (sessionChosenAtom), never by comparing the two. The router commits an address in a transition while the
 * chat's state renders at once, so a render can show the new chat state beside the old address:
 * taking that gap for "the chat moved" sent the address back over the user's own navigation, and after
 * 新建对话 the browser's Back landed on /home/{id} with the welcome screen instead of the chat.
 */
export function useSessionRoute(): void {
  const { sessionId } = useParams();
  const navigate = useNavigate();
  const store = useStore();
  const openSession = useSetAtom(openSessionAtom);
  const newChat = useSetAtom(newChatAtom);
  const param = sessionId ?? null;

  useEffect(() => {
    const action = syncFromAddress(param, store.get(currentSessionIdAtom));
    if (action.kind === 'open') void openSession(action.id);
    else if (action.kind === 'newChat') newChat();
  }, [param, store, openSession, newChat]);

  useEffect(
    () =>
      store.sub(sessionChosenAtom, () => {
        const chosen = store.get(sessionChosenAtom);
        if (chosen) navigate(sessionPath(chosen.id), { replace: true });
      }),
    [store, navigate],
  );
}
