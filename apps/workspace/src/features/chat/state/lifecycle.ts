import { atom } from 'jotai';
import { conversationTokenAtom, currentSessionIdAtom, replaceConversation } from './conversation';
import { type ChatDeps, chatDepsSlotAtom, generationAtom, startedAtom } from './deps';
import { bannerAtom, returnedDraftAtom, searchEnabledAtom } from './flags';
import { chosenModelIdAtom, initialModels, loadModelsAtom, modelsAtom } from './models';
import { isStreamingAtom, runningTurnAtom } from './running';
import { initialSessions, loadSessionsAtom, sessionsAtom } from './sessions';

/** Gives this store the chat's deps (the app's at sign-in; a story's, a test's or the bench's own). */
export const provideChatAtom = atom(null, (_get, set, deps: ChatDeps) => {
  set(chatDepsSlotAtom, deps);
});

/** First visit of the page: models and the history. Later calls do nothing until a reset. */
export const startChatAtom = atom(null, (get, set) => {
  if (get(startedAtom)) return;
  set(startedAtom, true);
  void set(loadModelsAtom);
  // The page opens on a new chat (as /home says), never on the newest old one: a message typed at once
  // must not land in yesterday's conversation, paying for its history as context.
  void set(loadSessionsAtom);
});

/**
 * Forgets everything (on logout): the next user must not see this one's history, and a running answer
 * stops. The next start loads afresh.
 */
export const resetChatAtom = atom(null, (get, set) => {
  const turn = get(runningTurnAtom);
  set(runningTurnAtom, null);
  turn?.stop();
  set(startedAtom, false);
  set(generationAtom, (generation) => generation + 1);
  set(conversationTokenAtom, (token) => token + 1);
  replaceConversation(get, set, [], 'ready');
  set(modelsAtom, initialModels);
  set(chosenModelIdAtom, undefined);
  set(sessionsAtom, initialSessions);
  set(currentSessionIdAtom, null);
  set(isStreamingAtom, false);
  set(bannerAtom, null);
  set(returnedDraftAtom, null);
  set(searchEnabledAtom, false);
});
